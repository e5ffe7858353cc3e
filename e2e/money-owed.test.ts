/**
 * Money owed is never lost, on a 360 px phone (decision 57): marking an order delivered while money is
 * still due asks first. One order has its payment recorded from that question and then goes delivered;
 * the other goes "Delivered unpaid", which its timeline notes and the unpaid orders list still shows.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, ownerApi, useBrowser, useServer, withPhone } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

type Order = { _id: string; orderId: string; balance: number; status: string; paymentState: string }
type Product = { _id: string; variants: unknown[] }

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`

const asOwner = ownerApi(server)

/** A guest's pick-up order, paid on collection, moved to ready with GHS 10 of it paid: the rest is due. */
async function readyWithBalance(key: string): Promise<Order> {
  const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
  const products = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`)
  const product = products.body.data.find((candidate) => candidate.variants.length === 0)!
  const placed = await api<Order>(server(), 'POST', `/api/orders/?shop=${shop}&email=${key}@example.com`, {
    headers: { 'idempotency-key': key },
    body: { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' }, payment: { provider: 'manual' }, name: 'Kwame Owes' },
  })
  assert.equal(placed.status, 201, JSON.stringify(placed.body))
  for (const status of ['packaged', 'ready']) await asOwner('PATCH', `/api/orders/${placed.body._id}`, { status })
  await asOwner('POST', '/api/transactions/', { order: placed.body._id, method: 'cash', amount: 10 })
  return asOwner<Order>('GET', `/api/orders/${placed.body._id}`)
}

/** The owner, signed in on a 360 px phone. */
const withSmallPhone = (run: (page: Page) => Promise<void>) =>
  withPhone(
    browser(),
    async (page) => {
      await logInPage(server(), page, demo.owner)
      await run(page)
    },
    SMALL_PHONE,
  )

/** "GHS 55.00" as the page writes it (a no-break space after the code). */
const money = (value: number) => new RegExp(`GHS.${value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',').replace('.', '\\.')}`)

describe('marking an order delivered with money due, on a phone', { timeout: 180_000 }, () => {
  it('asks first: record the payment from the question, or confirm it goes delivered unpaid', async () => {
    const stamp = Date.now()
    const paying = await readyWithBalance(`owed-pay-${stamp}`)
    const unpaid = await readyWithBalance(`owed-unpaid-${stamp}`)
    assert.ok(paying.balance > 0 && unpaid.balance > 0)

    await withSmallPhone(async (page) => {
      // Record the payment from the question: the page's own form opens with the balance in it.
      await page.goto(shopUrl(`/admin/orders/${paying._id}`))
      await page.getByRole('heading', { level: 1, name: `Order ${paying.orderId}` }).waitFor()
      await page.getByRole('button', { name: 'Mark as delivered' }).click()
      const question = page.getByRole('dialog', { name: money(paying.balance) })
      await question.getByText('Record the payment first, or mark order').waitFor()
      await assertNoSidewaysScroll(page, 'the still-due question')
      await question.getByRole('button', { name: 'Record payment' }).click()
      const form = page.getByRole('form', { name: 'Record a payment' })
      assert.equal(await form.getByLabel(/^Amount/).inputValue(), paying.balance.toFixed(2))
      await form.getByRole('radio', { name: 'Cash' }).check()
      await form.getByRole('button', { name: 'Record payment' }).click()
      await page.getByRole('status').getByText(/^Payment of GHS.+ recorded$/).waitFor()
      await page.getByRole('button', { name: 'Mark as delivered' }).click()
      await page.getByRole('status').getByText(`Order ${paying.orderId} is now delivered`).waitFor()

      // Or confirm it goes delivered unpaid: the timeline says so, with who confirmed it.
      await page.goto(shopUrl(`/admin/orders/${unpaid._id}`))
      await page.getByRole('heading', { level: 1, name: `Order ${unpaid.orderId}` }).waitFor()
      await page.getByRole('button', { name: 'Mark as delivered' }).click()
      await page.getByRole('dialog', { name: money(unpaid.balance) }).getByRole('button', { name: 'Delivered unpaid' }).click()
      await page.getByRole('status').getByText(`Order ${unpaid.orderId} is now delivered`).waitFor()
      await page.getByRole('region', { name: 'Timeline' }).getByText(/^Delivered with GHS.+ unpaid — confirmed by /).waitFor()

      // It stays among the unpaid orders, its card saying part-paid.
      await page.goto(shopUrl('/admin/orders?unpaid=1'))
      const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: unpaid.orderId })
      await card.getByText('Part-paid').waitFor()
      assert.equal(await page.getByRole('list', { name: 'Orders' }).getByRole('link', { name: `Order ${paying.orderId}` }).count(), 0, 'a paid order is not unpaid')
      await assertNoSidewaysScroll(page, 'the unpaid orders')
    })

    assert.deepEqual(
      [(await asOwner<Order>('GET', `/api/orders/${paying._id}`)).paymentState, (await asOwner<Order>('GET', `/api/orders/${unpaid._id}`)).status],
      ['paid', 'delivered'],
    )
  })
})
