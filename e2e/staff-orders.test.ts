/**
 * A staff member on a 360 px phone enters an order a customer sent on WhatsApp (decision 61): finds a
 * product, adds two, types the customer's name and phone with no e-mail (decision 62), leaves it to be paid
 * at pick-up, and places it. The order's page opens, and the orders list shows it with its WhatsApp badge,
 * also when filtered to WhatsApp orders. Nothing scrolls sideways on the way.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, ownerApi, useBrowser, useServer, withPhone } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

type Product = { _id: string; title: string; variants: unknown[] }
type Order = { _id: string; orderId: string; source: string; profile: string | null; email: string; phone: string; customerName: string; items: { count: number }[] }

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`
const asOwner = ownerApi(server)

describe('staff entering an order on a phone', { timeout: 180_000 }, () => {
  it('enters a WhatsApp order for a buyer with only a phone, to pay at pick-up, and finds it in the list', async () => {
    const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
    const products = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`)
    // Plain words in its title, so its buttons' names read exactly as typed here.
    const product = products.body.data.find((candidate) => candidate.variants.length === 0 && /^[A-Za-z ,-]+$/.test(candidate.title))!
    await asOwner('POST', '/api/inventory/', { product: product._id, quantity: 20 })
    // A word of its title finds it.
    const word = product.title.split(/[\s,]+/).find((part) => part.length >= 4) ?? product.title

    let orderId = ''
    await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, demo.owner)
        await page.goto(shopUrl('/admin/orders'))
        await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
        await page.getByRole('link', { name: 'New order' }).click()
        await page.getByRole('heading', { level: 1, name: 'New order' }).waitFor()
        const form = page.getByRole('form', { name: 'New order' })
        // WhatsApp comes first.
        assert.equal(await form.getByLabel('Came from').inputValue(), 'whatsapp')

        await form.getByLabel('Find a product').fill(word)
        await form.getByRole('button', { name: 'Search' }).click()
        await form.getByRole('list', { name: 'Products found' }).waitFor()
        await form.getByRole('button', { name: `Add ${product.title}`, exact: true }).click()
        await form.getByRole('button', { name: `One more ${product.title}`, exact: true }).click()
        assert.equal(await form.getByLabel(`How many ${product.title}`).textContent(), '2')

        await form.getByLabel("Customer's name").fill('Abena Owusu')
        await form.getByLabel('Phone').fill('024 555 0101')
        await form.getByRole('radio', { name: 'Pay on delivery or at pick-up' }).check()
        await form.getByLabel("Note for the order's timeline (optional)").fill('Collects on Saturday')
        await assertNoSidewaysScroll(page, 'the new order form')

        await form.getByRole('button', { name: 'Place order' }).click()
        const heading = page.getByRole('heading', { level: 1, name: /^Order [A-Z0-9]{6}$/ })
        await heading.waitFor()
        orderId = (await heading.textContent())!.replace('Order ', '')
        await page.getByText('Collects on Saturday').first().waitFor()
        await assertNoSidewaysScroll(page, 'the order entered')

        await page.goto(shopUrl('/admin/orders?source=whatsapp'))
        const card = page.locator('.order-card').filter({ hasText: orderId })
        await card.getByText('WhatsApp', { exact: true }).waitFor()
        await card.getByText('Abena Owusu').waitFor()
        await assertNoSidewaysScroll(page, 'the orders list')
      },
      SMALL_PHONE,
    )

    const listed = await asOwner<{ data: Order[] }>('GET', `/api/orders/?shop=${shop}&source=whatsapp&orderId[$q]=${orderId}`)
    const order = listed.data[0]!
    assert.deepEqual(
      [order.orderId, order.source, order.profile, order.email, order.phone, order.customerName, order.items[0]!.count],
      [orderId, 'whatsapp', null, '', '+233245550101', 'Abena Owusu', 2],
    )
  })
})
