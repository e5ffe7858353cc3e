/**
 * Back in stock on a 360 px phone: a logged-in shopper asks to hear about a sold-out size (their e-mail
 * filled in), the product's editor counts them, staff restock, the e-mail arrives once with the product's
 * link, and its unsubscribe link's page stops the messages.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SMALL_PHONE, api, assertNoSidewaysScroll, axeViolations, demo, describeViolations, logInPage, mailedLink, ownerApi, useBrowser, useServer, withPhone } from './fixtures'
import { productPath } from '@shop/domain'

const { server } = useServer()
const { browser } = useBrowser()
const owner = ownerApi(server)

type Product = { _id: string; title: string; variants: { _id: string; features: Record<string, string>; availability: { level: string } }[] }

async function shirt(): Promise<Product> {
  const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
  const page = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shop}&title[$q]=${encodeURIComponent('Kente print shirt')}`)
  const product = page.body.data.find((candidate) => candidate.title === 'Kente print shirt')
  assert.ok(product, 'the demo shop sells the Kente print shirt')
  return product
}

describe('back in stock on a phone', { timeout: 180_000 }, () => {
  it('subscribes to a sold-out size, hears once when it is back, and unsubscribes', async () => {
    const product = await shirt()
    const large = product.variants.find((variant) => variant.features.Size === 'L')
    assert.equal(large?.availability.level, 'sold-out', 'the demo shirt is sold out in L')

    await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, demo.shopper)
        await page.goto(`${server().shopUrl(demo.slug)}/products/${product._id}`)
        const box = page.getByRole('region', { name: 'Size: L is sold out' })
        // The button works once the page's scripts run.
        await page.getByRole('button', { name: 'Add to cart' }).click({ trial: true })
        await box.getByRole('button', { name: "Tell me when it's back" }).click()

        // SMS is not set up on this server: the phone is refused with a way out.
        await box.getByRole('textbox', { name: 'Your phone number' }).fill('024 412 3456')
        await box.getByRole('button', { name: "Tell me when it's back" }).click()
        await box.getByText(/SMS is not set up; give an e-mail/).waitFor()

        await box.getByRole('radio', { name: 'E-mail' }).check()
        assert.equal(await box.getByRole('textbox', { name: 'Your e-mail' }).inputValue(), demo.shopper, "the shopper's own e-mail is filled in")
        await assertNoSidewaysScroll(page, 'the product page with the back-in-stock form')
        const violations = await axeViolations(page)
        assert.deepEqual(violations, [], describeViolations('the product page with the back-in-stock form', violations))
        await box.getByRole('button', { name: "Tell me when it's back" }).click()
        await page.getByRole('status').filter({ hasText: `We will send one e-mail to ${demo.shopper} when it is back.` }).waitFor()
      },
      SMALL_PHONE,
    )

    const waiting = await owner<{ data: { variant: string | null; waiting: number }[] }>('GET', `/api/stock-alerts/?product=${product._id}`)
    assert.deepEqual(waiting.data, [{ variant: large._id, waiting: 1 }])

    await owner('POST', '/api/inventory/', { product: product._id, variant: large._id, quantity: 6 })
    const productLink = await mailedLink(server(), demo.shopper, 'See it')
    assert.equal(productLink.pathname, productPath(product))
    const stop = await mailedLink(server(), demo.shopper, 'Unsubscribe')
    assert.match(stop.pathname, /^\/stock-alerts\/[0-9a-f-]{36}$/)
    assert.deepEqual((await owner<{ data: unknown[] }>('GET', `/api/stock-alerts/?product=${product._id}`)).data, [])

    await withPhone(
      browser(),
      async (page) => {
        await page.goto(stop.toString())
        await page.getByRole('heading', { level: 1, name: 'Back-in-stock messages' }).waitFor()
        await page.getByRole('button', { name: 'Stop back-in-stock messages' }).click()
        await page.getByRole('status').filter({ hasText: 'you will get no more back-in-stock messages' }).waitFor()
        await assertNoSidewaysScroll(page, 'the unsubscribe page')
      },
      SMALL_PHONE,
    )
    const again = await api(server(), 'DELETE', `${stop.pathname.replace('/stock-alerts/', '/api/stock-alerts/')}${stop.search}`)
    assert.equal(again.status, 404, 'the link works once')
  })
})
