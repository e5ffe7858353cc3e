/**
 * Orders and payments run from a 390×844 phone: the checkout asks for a name and a phone that can be
 * called; staff record payments in full or in part and see the balance; the orders list shows cards
 * without sideways scrolling, finds orders by name or phone, exports CSV and moves ticked orders; an
 * order prints as a packing slip and invoice.
 */
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { api, assertNoSidewaysScroll, axeViolations, demo, describeViolations, logInPage, tokenFor, useBrowser, useServer, writeCart } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

const PHONE = { width: 390, height: 844 }
const KEEPER = 'keeper@demo.shop'

type Order = {
  _id: string
  orderId: string
  status: string
  customerName: string
  phone: string
  paid: number
  balance: number
  delivery: { type: string }
}
type ListPage<T> = { total: number; data: T[] }

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`
const main = (page: Page) => page.getByRole('main')

async function withPhone<T>(run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser().newContext({ viewport: PHONE, acceptDownloads: true })
  const page = await context.newPage()
  try {
    return await run(page)
  } finally {
    await context.close()
  }
}

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

async function plainProduct(): Promise<{ _id: string; title: string }> {
  const products = await api<ListPage<{ _id: string; title: string; variants: unknown[] }>>(
    server(),
    'GET',
    `/api/products/?shop=${await shopId()}&available=true&inStock=true&$limit=50`,
  )
  return products.body.data.find((product) => product.variants.length === 0)!
}

/** A guest's pick-up order paid at the shop, placed through the API with a name and phone. */
async function placeOrder(name: string, phone: string, key: string): Promise<Order> {
  const product = await plainProduct()
  const placed = await api<Order>(server(), 'POST', `/api/orders/?shop=${await shopId()}&email=${encodeURIComponent(`${key}@example.com`)}`, {
    headers: { 'idempotency-key': key },
    body: { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' }, payment: { provider: 'manual' }, name, phone },
  })
  assert.equal(placed.status, 201, JSON.stringify(placed.body))
  return placed.body
}

let keeperToken: string | undefined
async function asKeeper<T>(path: string): Promise<T> {
  keeperToken ??= await tokenFor(server(), KEEPER)
  const answer = await api<T>(server(), 'GET', path, { token: keeperToken })
  assert.equal(answer.status, 200, path)
  return answer.body
}

async function assertNoAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page)
  assert.deepEqual(violations, [], describeViolations(where, violations))
}

async function openAdmin(page: Page, path: string) {
  await logInPage(server(), page, KEEPER)
  await page.goto(shopUrl(path))
}

describe('orders and payments on a phone', { timeout: 180_000 }, () => {
  it('asks for a name and a phone that can be called, and shows staff the number in international form', async () => {
    const product = await plainProduct()
    let orderPath = ''
    await withPhone(async (page) => {
      await page.goto(shopUrl('/terms'))
      await writeCart(page, [{ count: 1, product: product._id, variant: null }])
      await page.goto(shopUrl('/checkout'))
      await page.getByRole('heading', { name: 'Your cart' }).waitFor()
      await page.getByLabel('E-mail (optional)').fill('phone-check@example.com')
      await page.getByLabel('Phone').fill('12345')
      const place = page.getByRole('button', { name: 'Place order' })
      await place.click()
      // Both refused beside their fields, and nothing placed.
      await page.getByText('Enter your name, so the shop knows whom the order is for.').waitFor()
      await page.getByText(/^Enter a phone number that can be called/).waitFor()
      assert.equal(await page.getByLabel('Phone').getAttribute('aria-invalid'), 'true')
      assert.equal(new URL(page.url()).pathname, '/checkout')

      await page.getByLabel('Your name').fill('Esi Phone')
      await page.getByLabel('Phone').fill('024 412 3456')
      await place.click()
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor()
      const url = new URL(page.url())
      orderPath = url.pathname
      const order = await api<Order>(server(), 'GET', `${url.pathname.replace('/orders/', '/api/orders/')}?key=${url.searchParams.get('key')}`)
      assert.equal(order.body.phone, '+233244123456')
      assert.equal(order.body.customerName, 'Esi Phone')
    })

    await withPhone(async (page) => {
      await openAdmin(page, `/admin${orderPath}`)
      const customer = main(page).getByRole('region', { name: 'Customer' })
      await customer.getByText('Esi Phone').waitFor()
      await customer.getByRole('link', { name: '+233244123456', exact: true }).waitFor()
    })
  })

  it('records a part payment and then the rest, showing the balance and one "Placed" in the timeline', async () => {
    const order = await placeOrder('Adwoa Balance', '0551234567', 'e2e-phone-record')
    const due = order.balance
    assert.ok(due > 10)
    await withPhone(async (page) => {
      await openAdmin(page, `/admin/orders/${order._id}`)
      await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor()
      const payment = main(page).getByRole('region', { name: 'Payment' })
      await payment.getByRole('button', { name: 'Record payment' }).click()
      const form = payment.getByRole('form', { name: 'Record a payment' })
      assert.equal(await form.getByLabel(/^Amount/).inputValue(), due.toFixed(2), 'the balance due is the default')
      await assertNoAxeViolations(page, 'record payment form')

      // A part payment in cash.
      await form.getByRole('radio', { name: 'Cash' }).check()
      await form.getByLabel(/^Amount/).fill('10')
      await form.getByRole('button', { name: 'Record payment' }).click()
      await page.getByRole('status').getByText(/Payment of GHS\s10\.00 recorded/).waitFor()
      await payment.getByText(/^Part paid: GHS\s[\d,.]+ due$/).waitFor()
      // Status, Paid, Balance due.
      const balance = (await payment.getByRole('definition').nth(2).textContent())!.replace(/\s/g, ' ')
      assert.equal(balance, `GHS ${(due - 10).toFixed(2)}`)
      const timeline = main(page).getByRole('region', { name: 'Timeline' })
      await timeline.getByText(/Payment of GHS.10\.00 received in cash\. Balance due GHS/).waitFor()

      // The rest by mobile money, with the payer's reference.
      await payment.getByRole('button', { name: 'Record payment' }).click()
      await form.getByRole('radio', { name: "Mobile money to the shop's number" }).check()
      await form.getByLabel('Reference (optional)').fill('MP2611250001')
      await form.getByRole('button', { name: 'Record payment' }).click()
      await payment.getByRole('definition').filter({ hasText: /^Paid$/ }).waitFor()
      await timeline.getByText(/received by mobile money to the shop's number \(reference MP2611250001\)\. Paid in full/).waitFor()
      assert.equal(await payment.getByRole('button', { name: 'Record payment' }).count(), 0, 'nothing is left to record')
      assert.equal(await timeline.getByRole('listitem').filter({ hasText: /^Placed/ }).count(), 1, 'one Placed')
      await assertNoSidewaysScroll(page, 'the order page')
    })
    const now = await asKeeper<Order>(`/api/orders/${order._id}`)
    assert.equal(now.paid, due)
    assert.equal(now.balance, 0)
  })

  it('shows the items without sideways scrolling and prints a packing slip and invoice', async () => {
    const order = await placeOrder('Kofi Print', '0201234567', 'e2e-phone-print')
    await withPhone(async (page) => {
      await openAdmin(page, `/admin/orders/${order._id}`)
      await main(page).getByRole('region', { name: 'Items' }).waitFor()
      await assertNoSidewaysScroll(page, 'the order page')
      await main(page).getByRole('link', { name: 'Print packing slip and invoice' }).click()
      await page.waitForURL((url) => url.pathname === `/admin/orders/${order._id}/print`)
      const sheet = main(page).getByRole('article', { name: 'Invoice and packing slip' })
      await sheet.getByText(`${order.orderId}`, { exact: true }).waitFor()
      await sheet.getByText('Kofi Print').waitFor()
      await sheet.getByText('+233201234567').waitFor()
      await sheet.getByText('Demo Shop', { exact: true }).waitFor()
      // The demo shop's pick-up place, under its name and on this pick-up order.
      await sheet.getByText('14 Oxford Street, Osu, Accra', { exact: true }).waitFor()
      await sheet.getByRole('region', { name: 'Pick-up' }).getByText('At 14 Oxford Street, Osu, Accra').waitFor()
      await sheet.getByRole('region', { name: 'Payment' }).getByText('Not paid yet: to be paid on delivery or at pick-up').waitFor()
      await sheet.getByRole('button', { name: 'Print' }).waitFor()
      await assertNoAxeViolations(page, 'print page')
      // On paper: the sheet alone, without the dashboard's tabs or the buttons.
      await page.emulateMedia({ media: 'print' })
      assert.equal(await page.getByRole('navigation', { name: 'Admin' }).isVisible(), false)
      assert.equal(await sheet.getByRole('button', { name: 'Print' }).isVisible(), false)
      assert.equal(await sheet.getByText('Kofi Print').isVisible(), true)
    })
  })

  it('lists orders as cards without sideways scrolling, and finds them by name and by phone', async () => {
    const order = await placeOrder('Nana Searchable', '0277001122', 'e2e-phone-search')
    await withPhone(async (page) => {
      await openAdmin(page, '/admin/orders')
      const cards = main(page).getByRole('list', { name: 'Orders' })
      await cards.getByRole('listitem').first().waitFor()
      await assertNoSidewaysScroll(page, 'the orders list')
      const first = cards.getByRole('listitem').first()
      // Number, customer, total, status, payment and date, all on screen.
      for (const part of [first.getByRole('link', { name: /^Order / }), first.locator('time'), ...(await first.locator('.status').all())]) {
        const box = (await part.boundingBox())!
        assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, 'the card fits the screen')
      }
      await assertNoAxeViolations(page, 'orders list on a phone')

      const search = main(page).getByRole('searchbox', { name: 'Search orders' })
      await search.fill('nana searchable')
      await main(page).getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL((url) => url.searchParams.get('q') === 'nana searchable')
      // The address changes first; the newest order is on the unfiltered list too, so wait for the rest to go.
      await cards.getByRole('listitem').nth(1).waitFor({ state: 'detached' })
      await cards.getByRole('link', { name: `Order ${order.orderId}` }).waitFor()
      assert.equal(await cards.getByRole('listitem').count(), 1)

      await search.fill('027 700 1122')
      await main(page).getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL((url) => url.searchParams.get('q') === '027 700 1122')
      await cards.getByRole('link', { name: `Order ${order.orderId}` }).waitFor()
      await cards.getByText('Nana Searchable').waitFor()
    })
  })

  it('exports the filtered orders as CSV', async () => {
    const order = await placeOrder('Ama Exported', '0240001111', 'e2e-phone-csv')
    await withPhone(async (page) => {
      await openAdmin(page, '/admin/orders?q=ama%20exported')
      await main(page).getByRole('list', { name: 'Orders' }).getByRole('link', { name: `Order ${order.orderId}` }).waitFor()
      const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('button', { name: 'Export CSV' }).click()])
      assert.match(download.suggestedFilename(), /^orders-\d{4}-\d{2}-\d{2}\.csv$/)
      const csv = await readFile((await download.path()), 'utf8')
      const lines = csv.trim().split('\r\n')
      assert.equal(lines[0], 'Order,Placed at,Status,Customer,Email,Phone,Delivery,Region,Address,Items,Subtotal,Discount,Shop discount,Delivery fee,Tax,Total before tax,Total with tax,Paid,Refunded,Balance,Refund due,Payment,Currency,Source,Promotion,Promotion discount,Delivery waived')
      assert.equal(lines.length, 2, 'only the order the search finds')
      const cells = lines[1]!.split(',')
      assert.deepEqual([cells[0], cells[2], cells[3], cells[4], cells[5], cells[6]], [
        order.orderId,
        'Placed',
        'Ama Exported',
        'e2e-phone-csv@example.com',
        // A cell starting with + is one a spreadsheet would compute: it is kept as text (decision 51).
        "'+233240001111",
        'Pick-up',
      ])
    })
  })

  it('moves ticked orders each to its next step and says what moved', async () => {
    const first = await placeOrder('Bulk One', '0240002221', 'e2e-phone-bulk-1')
    const second = await placeOrder('Bulk Two', '0240002222', 'e2e-phone-bulk-2')
    await withPhone(async (page) => {
      await openAdmin(page, '/admin/orders?q=bulk')
      const cards = main(page).getByRole('list', { name: 'Orders' })
      await cards.getByRole('link', { name: `Order ${second.orderId}` }).waitFor()
      for (const order of [first, second]) await cards.getByRole('checkbox', { name: `Select order ${order.orderId}` }).check()
      const move = main(page).getByRole('button', { name: 'Move 2 orders to the next step' })
      const box = (await move.boundingBox())!
      assert.ok(box.height >= 44, 'a 44 px target')
      await move.click()
      const report = main(page).getByRole('status', { name: 'What moved' })
      await report.getByText('2 of 2 orders moved').waitFor()
      await report.getByText(`${first.orderId}: Now Packaged`).waitFor()
      await report.getByText(`${second.orderId}: Now Packaged`).waitFor()
      await assertNoSidewaysScroll(page, 'the orders list after a bulk move')
    })
    for (const order of [first, second]) assert.equal((await asKeeper<Order>(`/api/orders/${order._id}`)).status, 'packaged')
  })
})
