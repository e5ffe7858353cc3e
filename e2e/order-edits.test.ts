/**
 * Editing an order from a 360 px phone (decision 60): the owner changes a paid order's size and count,
 * reviews the new total and what is left to pay before saving, and the order then shows its balance with
 * Record payment.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, ownerApi, useBrowser, useServer, withPhone } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

type Order = { _id: string; orderId: string; balance: number; paid: number; items: { variant: { _id: string } | null; count: number; unitPrice: number }[] }
type Product = { _id: string; title: string; variants: { _id: string; features: Record<string, string> }[] }

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`

const asOwner = ownerApi(server)

describe('editing an order on a phone', { timeout: 180_000 }, () => {
  it('changes a size and a count, shows what is left to pay before saving, then the new balance', async () => {
    const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
    const products = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`)
    const shirt = products.body.data.find((product) => product.variants.length >= 2)!
    const [first, second] = shirt.variants
    // Plenty of both sizes, so the edit is about the money, not a shortage.
    for (const variant of [first!, second!]) await asOwner('POST', '/api/inventory/', { product: shirt._id, variant: variant._id, quantity: 20 })
    const placed = await api<Order>(server(), 'POST', `/api/orders/?shop=${shop}&email=edit-${Date.now()}@example.com`, {
      body: { items: [{ product: shirt._id, variant: first!._id, count: 1 }], delivery: { type: 'pick-up' }, payment: { provider: 'manual' }, name: 'Kofi Edit', phone: '024 412 3456' },
    })
    assert.equal(placed.status, 201, JSON.stringify(placed.body))
    const order = placed.body
    await asOwner('POST', '/api/transactions/', { order: order._id, method: 'cash', amount: order.balance })
    const unit = order.items[0]!.unitPrice
    // A product whose sizes sell at their own prices, for the editor's search.
    await asOwner('POST', '/api/products/', {
      shop,
      title: 'Edit search wrap',
      price: { value: 50, currency: 'GHS' },
      variants: [
        { features: { Size: 'S' }, price: { value: 45, currency: 'GHS' } },
        { features: { Size: 'L' }, price: { value: 60, currency: 'GHS' } },
      ],
    })

    await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, demo.owner)
        await page.goto(shopUrl(`/admin/orders/${order._id}`))
        await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor()

        await page.getByRole('button', { name: 'Edit order' }).click()
        const editor = page.getByRole('region', { name: `Edit order ${order.orderId}` })
        const sizes = editor.getByLabel('Size or colour')
        // The sizes come from the catalog once the editor opens.
        await sizes.locator('option').nth(1).waitFor({ state: 'attached' })
        // The product search shows each size with its own price.
        await editor.getByLabel('Add a product').fill('Edit search wrap')
        await editor.getByRole('button', { name: 'Search', exact: true }).click()
        const found = editor.getByRole('list', { name: 'Products found' })
        await found.getByText(/Edit search wrap · from GHS.45\.00/).waitFor()
        assert.match((await found.getByRole('button', { name: 'Add Edit search wrap, S' }).textContent()) ?? '', /^S · GHS.45\.00$/)
        assert.match((await found.getByRole('button', { name: 'Add Edit search wrap, L' }).textContent()) ?? '', /^L · GHS.60\.00$/)
        await assertNoSidewaysScroll(page, 'the editor\'s search')
        await sizes.selectOption(second!._id)
        await editor.getByLabel('How many').fill('2')
        await editor.getByRole('button', { name: 'Review changes' }).click()
        await editor.getByRole('status').getByText(/^New total GHS.+\(was GHS/).waitFor()
        await editor.getByText(new RegExp(`Still to pay after saving: GHS.${unit.toFixed(2)}`)).waitFor()
        await assertNoSidewaysScroll(page, 'the editor')

        await editor.getByRole('button', { name: 'Save changes' }).click()
        await page.getByText(`Order ${order.orderId} changed`).waitFor()
        await page.getByRole('button', { name: 'Record payment' }).waitFor()
        await page.getByText(/^Order changed\. Added/).first().waitFor()
      },
      SMALL_PHONE,
    )

    const edited = await asOwner<Order>('GET', `/api/orders/${order._id}`)
    assert.deepEqual(
      edited.items.map((line) => [line.variant?._id, line.count]),
      [[second!._id, 2]],
    )
    assert.equal(edited.balance, unit)
  })
})
