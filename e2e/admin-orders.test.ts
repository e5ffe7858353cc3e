/**
 * The Overview and Orders tabs (docs/product.md §2, §4, §7; docs/architecture.md §8, §12): a keeper moves a shopper's order to
 * delivered one step at a time and the shopper is told; cancel asks first; the overview's charts and
 * counts agree with the API; the list's status tabs, order-number search and date range live in the
 * address; axe finds nothing on the overview, the list and an order.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { api, axeViolations, demo, describeViolations, logInPage, tokenFor, useBrowser, useServer, withPage } from './fixtures'

type Order = { _id: string; orderId: string; status: string; createdAt: string }
type ListPage<T> = { total: number; data: T[] }

const KEEPER = 'keeper@demo.shop'
const { server } = useServer()
const { browser } = useBrowser()

const shopUrl = () => server().shopUrl(demo.slug)
const main = (page: Page) => page.getByRole('main')

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

/** The shopper places a dispatch order, paid on delivery, through the API. */
async function placeShopperOrder(key: string): Promise<Order> {
  const shop = await shopId()
  const token = await tokenFor(server(), demo.shopper)
  const products = await api<ListPage<{ _id: string; variants: unknown[] }>>(
    server(),
    'GET',
    `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`,
  )
  const product = products.body.data.find((candidate) => candidate.variants.length === 0)
  const rates = await api<ListPage<{ _id: string; regions: string[]; paymentOption: string }>>(server(), 'GET', `/delivery/rates/?client=${shop}`)
  const rate = rates.body.data.find((candidate) => candidate.paymentOption === 'on-delivery')
  assert.ok(product && rate, 'the demo shop has a product and a rate paid on delivery')
  const placed = await api<Order>(server(), 'POST', `/api/orders/?shop=${shop}`, {
    token,
    headers: { 'idempotency-key': key },
    body: {
      items: [{ product: product._id, count: 1 }],
      delivery: { type: 'dispatch', region: rate.regions[0], rate: rate._id, address: '4 Lokko Road, Osu', phone: '+233 20 111 2222' },
      payment: { provider: 'manual' },
    },
  })
  assert.equal(placed.status, 201, JSON.stringify(placed.body))
  return placed.body
}

let keeperToken: string | undefined

async function keeperApi<T>(path: string): Promise<T> {
  keeperToken ??= await tokenFor(server(), KEEPER)
  const answer = await api<T>(server(), 'GET', path, { token: keeperToken })
  assert.equal(answer.status, 200, path)
  return answer.body
}

async function ordersTotal(query: string): Promise<number> {
  return (await keeperApi<ListPage<Order>>(`/api/orders/?shop=${await shopId()}&acked=true&$limit=0${query}`)).total
}

async function statusOf(order: Order): Promise<string> {
  return (await keeperApi<Order>(`/api/orders/${order._id}`)).status
}

async function assertNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page)
  assert.deepEqual(violations, [], describeViolations(where, violations))
}

describe('admin overview and orders', { timeout: 120_000 }, () => {
  it('lets a keeper move an order to delivered step by step, and the shopper is told', async () => {
    const order = await placeShopperOrder('e2e-admin-orders-deliver')
    await withPage(browser(), async (page) => {
      await logInPage(server(), page, KEEPER)
      await page.goto(`${shopUrl()}/admin/orders/${order._id}`)
      await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor()
      const customer = main(page).getByRole('region', { name: 'Customer' })
      await customer.getByRole('link', { name: demo.shopper }).waitFor()
      await customer.getByText('Akosua Darko').waitFor()
      await main(page).getByRole('region', { name: 'Delivery' }).getByText('4 Lokko Road, Osu').waitFor()
      const payment = main(page).getByRole('region', { name: 'Payment' })
      await payment.getByRole('definition').filter({ hasText: 'Not paid yet: to be paid on delivery or at pick-up' }).waitFor()
      await assertNoAxeViolations(page, 'order detail')

      const timeline = main(page).getByRole('region', { name: 'Timeline' }).getByRole('listitem')
      for (const [status, label] of [
        ['packaged', 'Packaged'],
        ['ready', 'Ready'],
        ['dispatched', 'Dispatched'],
        ['delivered', 'Delivered'],
      ] as const) {
        const before = await timeline.count()
        await main(page).getByRole('button', { name: `Mark as ${status}` }).click()
        // Nothing was paid: delivered only once the keeper says it goes unpaid (decision 57).
        if (status === 'delivered') await page.getByRole('dialog', { name: /is still due$/ }).getByRole('button', { name: 'Delivered unpaid' }).click()
        await page.getByRole('status').getByText(`Order ${order.orderId} is now ${label}`).waitFor()
        await timeline.nth(before).getByText(label).waitFor()
        assert.equal(await statusOf(order), status)
      }
      assert.equal(await main(page).getByRole('button', { name: /^Mark as/ }).count(), 0, 'nothing follows delivered')
      assert.equal(await main(page).getByRole('button', { name: 'Cancel order' }).count(), 0, 'a delivered order cannot be canceled')
    })

    await withPage(browser(), async (page) => {
      await logInPage(server(), page, demo.shopper)
      await page.goto(`${shopUrl()}/account/notifications`)
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor()
      await main(page).getByRole('listitem').filter({ hasText: `Order ${order.orderId} is delivered` }).waitFor()
    })
  })

  it('cancels an order only after the keeper confirms', async () => {
    const order = await placeShopperOrder('e2e-admin-orders-cancel')
    await withPage(browser(), async (page) => {
      await logInPage(server(), page, KEEPER)
      await page.goto(`${shopUrl()}/admin/orders/${order._id}`)
      await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor()

      await main(page).getByRole('button', { name: 'Cancel order' }).click()
      const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderId}?` })
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
      await dialog.waitFor({ state: 'hidden' })
      assert.equal(await statusOf(order), 'placed')

      await main(page).getByRole('button', { name: 'Cancel order' }).click()
      await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click()
      await page.getByRole('status').getByText(`Order ${order.orderId} was canceled`).waitFor()
      await main(page).getByRole('region', { name: 'Timeline' }).getByText('Canceled').waitFor()
      assert.equal(await statusOf(order), 'canceled')
      assert.equal(await main(page).getByRole('button', { name: /^Mark as/ }).count(), 0)
    })
  })

  it('shows visits and sales for 7 or 30 days, orders by status and the latest orders', async () => {
    await withPage(browser(), async (page) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await logInPage(server(), page, KEEPER)
      await page.goto(`${shopUrl()}/admin/overview`)
      const visits = main(page).getByRole('figure', { name: 'Visits' })
      const sales = main(page).getByRole('figure', { name: 'Sales' })
      await visits.waitFor()
      // One row per day, quiet days included, plus the header.
      assert.equal(await visits.getByRole('table', { name: 'Visits per day' }).getByRole('row').count(), 8)
      assert.equal(await sales.getByRole('table', { name: 'Sales per day' }).getByRole('row').count(), 8)
      assert.match((await sales.textContent()) ?? '', /GHS\s[\d,]+\.\d\d from \d+ orders?/)

      const counts = main(page).getByRole('region', { name: 'Orders by status' })
      await counts.getByRole('link').first().waitFor()
      for (const label of ['Placed', 'Packaged', 'Ready', 'Dispatched', 'Delivered', 'Canceled']) {
        const expected = await ordersTotal(`&$or[0][status]=${label.toLowerCase()}`)
        await counts.getByRole('link', { name: `${expected} ${label}`, exact: true }).waitFor()
      }
      // On a phone the latest orders are cards.
      const recent = main(page).getByRole('list', { name: 'Recent orders' })
      await recent.waitFor()
      assert.equal(await recent.getByRole('listitem').count(), 5, 'five orders')
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        true,
        'nothing scrolls sideways at 375px',
      )
      await assertNoAxeViolations(page, 'overview')

      await main(page).getByRole('button', { name: '30 days' }).click()
      await page.waitForURL((url) => url.searchParams.get('days') === '30')
      await visits.getByRole('table', { name: 'Visits per day' }).getByRole('row').nth(30).waitFor()
      assert.equal(await visits.getByRole('table', { name: 'Visits per day' }).getByRole('row').count(), 31)
      assert.equal(await main(page).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed'), 'true')

      await counts.getByRole('link', { name: /Dispatched$/ }).click()
      await page.waitForURL((url) => url.pathname === '/admin/orders' && url.searchParams.get('status') === 'dispatched')
    })
  })

  it('filters the list by status, order number and dates, pages it, and keeps the filters on reload', async () => {
    const newest = (await keeperApi<ListPage<Order>>(`/api/orders/?shop=${await shopId()}&acked=true&$sort[createdAt]=-1&$limit=1`)).data[0]!
    await withPage(browser(), async (page) => {
      await logInPage(server(), page, KEEPER)
      await page.goto(`${shopUrl()}/admin/orders`)
      const table = main(page).getByRole('table', { name: 'Orders' })
      const count = main(page).getByRole('status').filter({ hasText: /orders?$/ })
      await table.waitFor()
      const all = await ordersTotal('')
      await count.getByText(`1–20 of ${all} orders`).waitFor()
      await assertNoAxeViolations(page, 'orders list')

      // Paging.
      await main(page).getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
      await count.getByText(`21–${Math.min(40, all)} of ${all} orders`).waitFor()
      assert.equal(new URL(page.url()).searchParams.get('page'), '2')

      // A status tab: only delivered orders, as many as the API counts.
      const tabs = main(page).getByRole('navigation', { name: 'Order status' })
      await tabs.getByRole('link', { name: 'Delivered' }).click()
      await page.waitForURL((url) => url.searchParams.get('status') === 'delivered' && !url.searchParams.has('page'))
      const delivered = await ordersTotal('&$or[0][status]=delivered')
      await count.getByText(`1–${Math.min(20, delivered)} of ${delivered} orders`).waitFor()
      const rows = table.getByRole('row')
      assert.equal(await rows.filter({ hasText: 'Delivered' }).count(), (await rows.count()) - 1, 'every row is delivered')
      await page.reload()
      await count.getByText(`of ${delivered} orders`).waitFor()
      assert.equal(await tabs.getByRole('link', { name: 'Delivered' }).getAttribute('aria-current'), 'page')
      await page.goBack()
      await page.waitForURL((url) => url.searchParams.get('page') === '2' && !url.searchParams.has('status'))

      // Search by order number, among all statuses.
      await tabs.getByRole('link', { name: 'All' }).click()
      await main(page).getByRole('searchbox', { name: 'Search orders' }).fill(newest.orderId.slice(0, 4).toLowerCase())
      await main(page).getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL((url) => url.searchParams.get('q') === newest.orderId.slice(0, 4).toLowerCase())
      await table.getByRole('link', { name: `Order ${newest.orderId}` }).waitFor()
      const matches = await ordersTotal(`&q=${newest.orderId.slice(0, 4)}`)
      await count.getByText(`of ${matches} ${matches === 1 ? 'order' : 'orders'}`).waitFor()

      // A date range: the newest order's day, whole.
      const day = newest.createdAt.slice(0, 10)
      await main(page).getByRole('link', { name: 'Clear' }).click()
      await page.waitForURL((url) => !url.searchParams.has('q'))
      // The address changes before the form starts afresh from it: typing into the old form would be lost.
      await main(page).getByRole('link', { name: 'Clear' }).waitFor({ state: 'detached' })
      await main(page).getByLabel('From', { exact: true }).fill(day)
      await main(page).getByLabel('To', { exact: true }).fill(day)
      await main(page).getByRole('button', { name: 'Apply' }).click()
      // A client-side navigation: wait for the address itself, not for a load event.
      await page.waitForURL((url) => url.searchParams.get('from') === day && url.searchParams.get('to') === day, { waitUntil: 'commit' })
      const onDay = await ordersTotal(`&createdAt[$gte]=${Date.parse(`${day}T00:00:00Z`)}&createdAt[$lte]=${Date.parse(`${day}T23:59:59.999Z`)}`)
      assert.ok(onDay >= 1)
      await count.getByText(`of ${onDay} ${onDay === 1 ? 'order' : 'orders'}`).waitFor()
      await table.getByRole('link', { name: `Order ${newest.orderId}` }).waitFor()

      // The staff notification's link opens the order.
      await page.goto(`${shopUrl()}/admin/orders?order=${newest._id}`)
      await page.getByRole('heading', { level: 1, name: `Order ${newest.orderId}` }).waitFor()
    })
  })
})
