/**
 * Pick-up and "auntie pays, I receive" on a 360 px phone (decisions 66 and 68): the checkout says where to
 * pick up; a shared checkout offers WhatsApp; the payer sees the region and the fee but never the sharer's
 * address; once paid, the link says so instead of offering a second order. No page scrolls sideways.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, ownerApi, useBrowser, useServer, withPhone, writeCart } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()
const asOwner = ownerApi(server)
const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`

const place = { pickupAddress: '14 Oxford Street, Osu, Accra', pickupDirections: 'Opposite the Koala supermarket', pickupHours: 'Mon–Sat 9am–6pm' }
const secretAddress = '12 Lake Road, Ho'

type Rate = { _id: string; name: string; regions: string[]; rate: { value: number } }
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
type Region = { _id: string; name: string }

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

async function plainProduct(shop: string): Promise<{ _id: string }> {
  const products = await api<{ data: { _id: string; variants: unknown[] }[] }>(server(), 'GET', `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`)
  return products.body.data.find((product) => product.variants.length === 0)!
}

describe('pick-up and sharing a checkout, on a 360 px phone', { timeout: 180_000 }, () => {
  it('shows where to pick up, shares on WhatsApp, and lets a payer pay it as shared without seeing the address', async () => {
    const shop = await shopId()
    await asOwner('PATCH', `/api/shop-configs/${shop}`, { offersPickup: true, offersDelivery: true, ...place })
    const product = await plainProduct(shop)
    const rates = (await api<{ data: Rate[] }>(server(), 'GET', `/delivery/rates/?client=${shop}`)).body.data
    const rate = rates[0]!
    const regions = (await api<{ data: Region[] }>(server(), 'GET', '/delivery/regions/?country=GH')).body.data
    const region = regions.find((candidate) => candidate._id === rate.regions[0])!

    let shared = ''
    await withPhone(
      browser(),
      async (page) => {
        await page.goto(shopUrl('/terms'))
        await writeCart(page, [{ count: 1, product: product._id, variant: null }])
        await page.goto(shopUrl('/checkout'))
        await page.getByRole('heading', { name: 'Your cart' }).waitFor()
        const form = page.getByRole('form', { name: 'Checkout' })
        await form.getByText(`Pick up at ${place.pickupAddress}: free`).waitFor()
        await form.getByText(`Open: ${place.pickupHours}`).waitFor()
        await form.getByText(place.pickupDirections).waitFor()
        await assertNoSidewaysScroll(page, 'the checkout with the pick-up place')

        // The sharer chooses delivery to Volta (or wherever the rate goes) and shares the checkout.
        await form.getByLabel('Delivery to your address').check()
        await form.getByLabel('Region').selectOption(region._id)
        await form.getByRole('radio', { name: new RegExp(`^${escaped(rate.name)}`) }).first().waitFor()
        await form.getByLabel('Delivery address').fill(secretAddress)
        await form.getByLabel('E-mail (optional)').fill('sharer@example.com')
        await form.getByLabel('Your name').fill('Abena Sharer')
        await form.getByLabel(/^Phone/).fill('024 777 1234')
        await form.getByRole('button', { name: 'Share checkout' }).click()
        const whatsapp = form.getByRole('link', { name: 'Share on WhatsApp' })
        await whatsapp.waitFor()
        const href = (await whatsapp.getAttribute('href'))!
        assert.match(href, /^https:\/\/wa\.me\/\?text=/)
        shared = await form.getByLabel('Anyone with this link can see this checkout and pay for it').inputValue()
        assert.ok(decodeURIComponent(href.slice('https://wa.me/?text='.length)).endsWith(shared))
        await assertNoSidewaysScroll(page, 'the checkout with its share link')
      },
      SMALL_PHONE,
    )

    const checkoutId = new URL(shared).pathname.split('/').at(-1)!
    await withPhone(
      browser(),
      async (page) => {
        await page.goto(shared)
        await page.getByRole('heading', { level: 1, name: 'Shared checkout' }).waitFor()
        const main = page.getByRole('main')
        await main.getByText(/^As it was shared/).waitFor()
        await main.getByText(new RegExp(`delivered in ${region.name}`)).waitFor()
        // The fee is in the totals; the sharer's address and phone are nowhere on the page.
        const text = (await main.textContent())!
        assert.ok(!text.includes('Choose your delivery'), 'the totals show the shared delivery fee')
        for (const secret of [secretAddress, '777 1234', '+233247771234', 'Abena Sharer', 'sharer@example.com']) {
          assert.ok(!text.includes(secret), `the payer must not see ${secret}`)
        }
        assert.ok(!(await page.content()).includes(secretAddress), 'not even in the page source')
        await assertNoSidewaysScroll(page, 'the shared checkout for the payer')

        // Auntie pays it (placed and paid through the API), and the link says so.
        const placed = await api<{ _id: string; delivery: Record<string, unknown>; sharedDelivery?: boolean }>(
          server(),
          'POST',
          `/api/orders/?shop=${shop}&email=auntie@example.com`,
          { body: { checkout: checkoutId, name: 'Auntie Efua', phone: '020 123 4567' } },
        )
        assert.equal(placed.status, 201, JSON.stringify(placed.body))
        assert.equal(placed.body.sharedDelivery, true)
        assert.equal(placed.body.delivery.address, undefined)
        const order = await asOwner<{ balance: number; delivery: { address: string } }>('GET', `/api/orders/${placed.body._id}`)
        assert.equal(order.delivery.address, secretAddress)
        await asOwner('POST', '/api/transactions/', { order: placed.body._id, method: 'cash', amount: order.balance })

        await page.reload()
        await main.getByRole('heading', { name: 'Already paid — thank you' }).waitFor()
        assert.equal(await main.getByRole('button', { name: 'Place order' }).count(), 0)
        await assertNoSidewaysScroll(page, 'the shared checkout once paid')
      },
      SMALL_PHONE,
    )
  })
})
