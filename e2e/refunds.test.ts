/**
 * Refunds and returns from a 360 px phone (decision 59): the owner gives part of a paid order back, then
 * takes an item back on sale with no money back, from the order's page; canceling a paid order gives the
 * money back in the same step, and the buyer's page then says what happened to it.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, ownerApi, useBrowser, useServer, withPhone } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

type Order = { _id: string; orderId: string; accessKey?: string; paid: number; balance: number; refunded: { value: number }; status: string }
type Product = { _id: string; title: string; variants: unknown[] }

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`

const withSmallPhone = (run: (page: Page) => Promise<void>) => withPhone(browser(), run, SMALL_PHONE)
const asOwner = ownerApi(server)

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

/** A product without variants, with 20 tracked in stock. */
async function stockedProduct(): Promise<Product> {
  const products = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${await shopId()}&available=true&inStock=true&$limit=50`)
  const product = products.body.data.find((candidate) => candidate.variants.length === 0)!
  await asOwner('POST', '/api/inventory/', { product: product._id, quantity: 20 })
  return product
}

const stockOf = async (product: Product) =>
  (await asOwner<{ data: { quantity: number }[] }>('GET', `/api/inventory/?product=${product._id}`)).data[0]!.quantity

/** A guest's pick-up order of `count`, paid in full in cash at the shop. */
async function paidOrder(product: Product, count: number, key: string): Promise<Order> {
  const placed = await api<Order>(server(), 'POST', `/api/orders/?shop=${await shopId()}&email=${key}@example.com`, {
    headers: { 'idempotency-key': key },
    body: { items: [{ product: product._id, count }], delivery: { type: 'pick-up' }, payment: { provider: 'manual' }, name: 'Abena Refund', phone: '024 412 3456' },
  })
  assert.equal(placed.status, 201, JSON.stringify(placed.body))
  await asOwner('POST', '/api/transactions/', { order: placed.body._id, method: 'cash', amount: placed.body.balance })
  return placed.body
}

describe('refunds and returns on a phone', { timeout: 180_000 }, () => {
  it('gives part of a paid order back, then takes an item back on sale without money, from the order page', async () => {
    const product = await stockedProduct()
    const order = await paidOrder(product, 2, `refund-${Date.now()}`)
    assert.equal(await stockOf(product), 18)

    await withSmallPhone(async (page) => {
      await logInPage(server(), page, demo.owner)
      await page.goto(shopUrl(`/admin/orders/${order._id}`))
      await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor()

      // A part refund in cash: the amount typed, a reason the buyer reads.
      await page.getByRole('button', { name: 'Refund or return', exact: true }).click()
      const form = page.getByRole('form', { name: 'Refund or return' })
      await form.getByLabel(/^Amount to give back/).fill('15')
      await form.getByRole('radio', { name: 'Cash' }).check()
      await form.getByLabel('Why?').fill('Scratched on arrival')
      await assertNoSidewaysScroll(page, 'the refund form')
      await form.getByRole('button', { name: /^Refund GHS.15\.00$/ }).click()
      const refunds = page.locator('.order-refunds')
      await refunds.getByText('Scratched on arrival').waitFor()
      await refunds.getByText(/Refunded · GHS.15\.00/).waitFor()

      // A return without money back: 0, and one of the two items comes back on sale.
      await page.getByRole('button', { name: 'Refund or return', exact: true }).click()
      await form.getByLabel(/^Amount to give back/).fill('0')
      await form.getByLabel('Why?').fill('Wrong colour')
      await form.getByRole('spinbutton', { name: new RegExp(product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).fill('1')
      await form.getByRole('button', { name: 'Take the items back' }).click()
      await refunds.getByText(`Back on sale: ${product.title} × 1`).waitFor()
      await assertNoSidewaysScroll(page, 'the order with its refunds')
    })

    assert.equal(await stockOf(product), 19)
    const after = await asOwner<Order>('GET', `/api/orders/${order._id}`)
    assert.equal(after.refunded.value, 15)
    // A refund on an order that stands is money the buyer no longer owes: nothing is due again.
    assert.equal(after.balance, 0)
  })

  it('offers the refund in the cancel step, and the buyer\'s page says where the money went', async () => {
    const product = await stockedProduct()
    const order = await paidOrder(product, 1, `cancel-${Date.now()}`)

    await withSmallPhone(async (page) => {
      await logInPage(server(), page, demo.owner)
      await page.goto(shopUrl(`/admin/orders/${order._id}`))
      await page.getByRole('button', { name: 'Cancel order' }).click()
      const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderId}?` })
      await dialog.getByText(/GHS.+ was paid/).waitFor()
      assert.equal(await dialog.getByLabel(/^Amount/).inputValue(), order.balance.toFixed(2))
      await dialog.getByRole('radio', { name: 'Mobile money from the shop' }).check()
      await dialog.getByRole('button', { name: 'Cancel and refund' }).click()
      await page.getByText(new RegExp(`Order ${order.orderId} was canceled and GHS.+ given back`)).waitFor()
    })
    const canceled = await asOwner<Order>('GET', `/api/orders/${order._id}`)
    assert.equal(canceled.status, 'canceled')
    assert.equal(canceled.refunded.value, order.balance)

    await withSmallPhone(async (page) => {
      await page.goto(shopUrl(`/orders/${order._id}?key=${order.accessKey}&payment=success`))
      await page.getByText('This order is canceled. Your money:').waitFor()
      await page.getByText(/refunded by mobile money/).waitFor()
      assert.equal(await page.getByText('Your payment was received.').count(), 0)
      assert.equal(await page.getByRole('heading', { name: 'Thank you for your order!' }).count(), 0)
    })
  })
})
