/**
 * The whole WhatsApp journey of issue 28 on 360 px phones: a returning buyer (known by phone only, from a
 * paid order) asks for more on WhatsApp. Staff open Orders → New order, find the buyer by typing part of
 * their phone and tap them to fill in name and phone, add a product, keep WhatsApp as the source, choose
 * "Send a pay link" and place it; the order page's WhatsApp link carries the pay link. The buyer, in their
 * own browser, opens the link and pays with the test provider. Staff then find the customer in Customers
 * with one more order, what they spent grown by the order's amount, and nothing owed. No page on the way
 * scrolls sideways.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, ownerApi, useBrowser, useServer, withPhone } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()
const asOwner = ownerApi(server)

type Product = { _id: string; title: string; variants: unknown[] }
type Order = {
  _id: string
  orderId: string
  source: string
  email: string
  phone: string
  customerName: string
  balance: number
  payLink?: string
  totals: { totalInclTax: number }
}
type Customer = { _id: string; name: string; phone: string; orders: number; spent: { value: number }; balance: { value: number } }

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`

/** "GHS 55.00" as the page writes it (a no-break space after the code, thousands with commas). */
const money = (value: number) => new RegExp(`^GHS.${value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',').replace('.', '\\.')}$`)

describe('a WhatsApp order from a returning buyer, paid through its pay link, on phones', { timeout: 240_000 }, () => {
  it('staff find the buyer by phone, send the pay link by WhatsApp, the buyer pays, the customer shows it', async () => {
    const stamp = Date.now()
    // A number nobody else in the demo has: 057 xxx xxxx from the clock.
    const local = `057${String(stamp).slice(-7)}`
    const international = `+23357${String(stamp).slice(-7)}`
    const name = 'Yaa Returning'
    const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
    const products = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`)
    // Plain words in its title, so its buttons' names read exactly as typed here.
    const product = products.body.data.find((candidate) => candidate.variants.length === 0 && /^[A-Za-z ,-]+$/.test(candidate.title))!
    await asOwner('POST', '/api/inventory/', { product: product._id, quantity: 20 })
    const word = product.title.split(/[\s,]+/).find((part) => part.length >= 4) ?? product.title

    // The buyer's first order: phone only (no e-mail), paid in cash at the counter.
    const first = await api<Order>(server(), 'POST', `/api/orders/?shop=${shop}`, {
      headers: { 'idempotency-key': `journey-first-${stamp}` },
      body: { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' }, payment: { provider: 'manual' }, name, phone: local },
    })
    assert.equal(first.status, 201, JSON.stringify(first.body))
    assert.equal(first.body.email, '')
    await asOwner('POST', '/api/transactions/', { order: first.body._id, method: 'cash', amount: first.body.totals.totalInclTax })
    const before = (await asOwner<{ data: Customer[] }>('GET', `/api/customers/?shop=${shop}&q=${encodeURIComponent(international)}`)).data
    assert.equal(before.length, 1, JSON.stringify(before))
    const customer = before[0]!
    assert.deepEqual([customer.name, customer.phone, customer.orders, customer.balance.value], [name, international, 1, 0])

    // Staff enter the WhatsApp order for them, with its pay link to send.
    let placed: Order | undefined
    const payLink = await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, demo.owner)
        await page.goto(shopUrl('/admin/orders'))
        await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
        await assertNoSidewaysScroll(page, 'the orders list')
        await page.getByRole('link', { name: 'New order' }).click()
        await page.getByRole('heading', { level: 1, name: 'New order' }).waitFor()
        const form = page.getByRole('form', { name: 'New order' })
        await form.getByLabel('Came from').selectOption('whatsapp')

        await form.getByLabel('Find a product').fill(word)
        await form.getByRole('button', { name: 'Search' }).click()
        await form.getByRole('list', { name: 'Products found' }).waitFor()
        await form.getByRole('button', { name: `Add ${product.title}`, exact: true }).click()
        await form.getByRole('button', { name: `One more ${product.title}`, exact: true }).click()

        // Part of their number, the way it is said aloud, finds them.
        await form.getByLabel('Phone').pressSequentially(`${local.slice(0, 3)} ${local.slice(3, 7)}`)
        const found = form.getByRole('list', { name: 'Customers found' })
        const match = found.getByRole('button', { name: new RegExp(`^${name}`) })
        await match.waitFor()
        assert.match((await match.innerText()).replace(/\s+/g, ' '), new RegExp(`${international.replace('+', '\\+')} · 1 order$`))
        await form.getByRole('status').getByText('1 customer matches', { exact: false }).waitFor()
        await assertNoSidewaysScroll(page, 'the new order with a customer found')
        await match.click()
        assert.equal(await form.getByLabel("Customer's name").inputValue(), name)
        assert.equal(await form.getByLabel('Phone').inputValue(), international)
        assert.equal(await found.count(), 0)

        await form.getByRole('radio', { name: 'Send a pay link' }).check()
        await assertNoSidewaysScroll(page, 'the new order form')
        await form.getByRole('button', { name: 'Place order' }).click()
        const heading = page.getByRole('heading', { level: 1, name: /^Order [A-Z0-9]{6}$/ })
        await heading.waitFor()
        const orderId = (await heading.textContent())!.replace('Order ', '')
        const listed = await asOwner<{ data: Order[] }>('GET', `/api/orders/?shop=${shop}&orderId[$q]=${orderId}`)
        placed = listed.data[0]!
        assert.deepEqual([placed.source, placed.phone, placed.customerName, placed.email], ['whatsapp', international, name, ''])
        assert.ok(placed.balance > 0 && placed.payLink, JSON.stringify(placed))

        const panel = page.getByRole('region', { name: 'Get paid online' })
        await panel.getByRole('button', { name: 'Send pay link' }).click()
        const link = await panel.getByLabel('Pay link', { exact: true }).inputValue()
        assert.equal(link, placed.payLink)
        const whatsapp = (await panel.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'))!
        assert.ok(whatsapp.startsWith(`https://wa.me/${international.slice(1)}?text=`), whatsapp)
        const text = new URL(whatsapp).searchParams.get('text')!
        assert.ok(text.includes(link), text)
        assert.ok(text.includes(`order ${orderId}`), text)
        await assertNoSidewaysScroll(page, 'the order with its pay link')
        return link
      },
      SMALL_PHONE,
    )
    const order = placed!

    // The buyer opens the link from the chat, in their own browser, and pays the balance.
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
        await assertNoSidewaysScroll(page, 'the test provider')
        await page.getByRole('button', { name: 'Pay now' }).click()
        await page.waitForURL(new RegExp(`/pay/${order._id}\\?`))
        await page.getByRole('heading', { level: 1, name: 'Paid — thank you' }).waitFor()
        await assertNoSidewaysScroll(page, 'the paid pay page')
      },
      SMALL_PHONE,
    )
    const paid = await asOwner<Order>('GET', `/api/orders/${order._id}`)
    assert.equal(paid.balance, 0)

    // Staff find the customer: one more order, spent grown by its amount, nothing owed.
    const spent = Math.round((customer.spent.value + order.totals.totalInclTax) * 100) / 100
    await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, demo.owner)
        await page.goto(shopUrl('/admin/orders'))
        await page.getByRole('navigation', { name: 'Orders or customers' }).getByRole('link', { name: 'Customers' }).click()
        await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor()
        await page.getByRole('searchbox', { name: 'Search customers' }).fill(local.slice(3))
        await page.getByRole('button', { name: 'Search' }).click()
        await page.getByRole('status').getByText('1 customer', { exact: true }).waitFor()
        const card = page.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: name })
        await card.waitFor()
        assert.equal(await card.getByRole('definition').nth(0).innerText(), '2')
        assert.match(await card.getByRole('definition').nth(1).innerText(), money(spent))
        assert.match(await card.getByRole('definition').nth(2).innerText(), money(0))
        await assertNoSidewaysScroll(page, 'the customers list')
      },
      SMALL_PHONE,
    )
    const after = await asOwner<Customer>('GET', `/api/customers/${customer._id}`)
    assert.deepEqual([after.balance.value, after.spent.value], [0, spent])
  })
})
