/**
 * Pay links on a 360 px phone (decision 63): staff open an order that still owes money and find its pay link
 * ready to send by WhatsApp (a wa.me chat with the message and the link filled in); the buyer opens the
 * link, pays the balance with the test provider and comes back to "Paid — thank you".
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, ownerApi, useBrowser, useServer, withPhone } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

type Order = { _id: string; orderId: string; balance: number; payLink?: string }
type Product = { _id: string; variants: unknown[] }

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`
const asOwner = ownerApi(server)

/** A guest's pick-up order to pay at the shop, GHS 10 of it paid in cash: the rest is due. */
async function partPaidOrder(key: string): Promise<Order> {
  const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
  const products = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`)
  const product = products.body.data.find((candidate) => candidate.variants.length === 0)!
  const placed = await api<Order>(server(), 'POST', `/api/orders/?shop=${shop}&email=${key}@example.com`, {
    headers: { 'idempotency-key': key },
    body: { items: [{ product: product._id, count: 2 }], delivery: { type: 'pick-up' }, payment: { provider: 'manual' }, name: 'Esi Pays', phone: '0241234567' },
  })
  assert.equal(placed.status, 201, JSON.stringify(placed.body))
  await asOwner('POST', '/api/transactions/', { order: placed.body._id, method: 'cash', amount: 10 })
  return asOwner<Order>('GET', `/api/orders/${placed.body._id}`)
}

describe('paying an order through its pay link, on a phone', { timeout: 180_000 }, () => {
  it('staff send it by WhatsApp; the buyer pays the balance and sees it paid', async () => {
    const order = await partPaidOrder(`pay-link-${Date.now()}`)
    assert.ok(order.balance > 0 && order.payLink)

    const payLink = await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, demo.owner)
        await page.goto(shopUrl(`/admin/orders/${order._id}`))
        await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor()
        const panel = page.getByRole('region', { name: 'Get paid online' })
        await panel.getByRole('button', { name: 'Send pay link' }).click()
        const link = await panel.getByLabel('Pay link', { exact: true }).inputValue()
        assert.match(link, new RegExp(`^${shopUrl('')}/pay/${order._id}\\?key=[0-9a-f]{32}$`.replace(/\./g, '\\.')))
        const whatsapp = panel.getByRole('link', { name: 'WhatsApp' })
        const href = (await whatsapp.getAttribute('href'))!
        assert.ok(href.startsWith('https://wa.me/233241234567?text='), href)
        const text = new URL(href).searchParams.get('text')!
        assert.ok(text.includes(link), text)
        assert.ok(text.includes(`order ${order.orderId}`), text)
        await panel.getByRole('button', { name: 'Remind to pay' }).waitFor()
        await assertNoSidewaysScroll(page, 'the order with its pay link')
        return link
      },
      SMALL_PHONE,
    )

    await withPhone(
      browser(),
      async (page) => {
        await page.goto(payLink)
        await page.getByRole('heading', { level: 1, name: `Pay for order ${order.orderId}` }).waitFor()
        await assertNoSidewaysScroll(page, 'the pay page')
        const pay = page.getByRole('button', { name: /^Pay GHS/ })
        await pay.waitFor()
        assert.equal((await pay.textContent())?.replace(/\u00a0/g, ' '), `Pay GHS ${order.balance.toFixed(2)}`)
        await pay.click()
        await page.waitForURL(/\/pay\/test\//)
        await page.getByRole('button', { name: 'Pay now' }).click()
        await page.waitForURL(new RegExp(`/pay/${order._id}\\?`))
        await page.getByRole('heading', { level: 1, name: 'Paid — thank you' }).waitFor()
        await assertNoSidewaysScroll(page, 'the paid pay page')
      },
      SMALL_PHONE,
    )

    const paid = await asOwner<Order>('GET', `/api/orders/${order._id}`)
    assert.equal(paid.balance, 0)
    assert.equal(paid.payLink, undefined)
  })
})
