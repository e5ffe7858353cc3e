/**
 * Customers on a 360 px phone (decision 65): staff open Customers from the Orders tab, search by part of
 * the buyer's phone, see one customer for two orders written with different spellings of the number, with
 * what they spent and still owe (in red), a WhatsApp link with the number's digits, and open them to see
 * their orders and keep a note. A long e-mail wraps: the page never scrolls sideways.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, ownerApi, useBrowser, useServer, withPhone } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()
const asOwner = ownerApi(server)

type Order = { _id: string; orderId: string; totals: { totalInclTax: number } }
type Product = { _id: string; variants: unknown[] }

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`

/** "GHS 55.00" as the page writes it (a no-break space after the code). */
const money = (value: number) => new RegExp(`GHS.${value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',').replace('.', '\\.')}`)

describe('customers inside the Orders tab, on a phone', { timeout: 180_000 }, () => {
  it('finds the buyer by part of their phone, with their figures, WhatsApp, and their orders', async () => {
    const stamp = Date.now()
    // A number nobody else in the demo has: 020 5xx xxxx from the clock.
    const local = `020${String(stamp).slice(-7)}`
    const international = `+23320${String(stamp).slice(-7)}`
    const longEmail = `a.very.long.email.address.for.testing.wrapping.${stamp}@some-long-domain-name.example.com`
    const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
    const products = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`)
    const product = products.body.data.find((candidate) => candidate.variants.length === 0)!
    const place = async (phone: string, email: string, key: string) => {
      const placed = await api<Order>(server(), 'POST', `/api/orders/?shop=${shop}&email=${encodeURIComponent(email)}`, {
        headers: { 'idempotency-key': key },
        body: { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' }, payment: { provider: 'manual' }, name: 'Adwoa Customer', phone },
      })
      assert.equal(placed.status, 201, JSON.stringify(placed.body))
      return placed.body
    }
    const first = await place(local, `first-${stamp}@example.com`, `customer-1-${stamp}`)
    const second = await place(`${international.slice(0, 4)} ${international.slice(4, 6)} ${international.slice(6)}`, longEmail, `customer-2-${stamp}`)
    // The first is paid in full at the counter: spent is its total, the second is still owed.
    await asOwner('POST', '/api/transactions/', { order: first._id, method: 'cash', amount: first.totals.totalInclTax })
    const spent = first.totals.totalInclTax
    const owed = second.totals.totalInclTax

    await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, demo.owner)
        await page.goto(shopUrl('/admin/orders'))
        await page.getByRole('navigation', { name: 'Orders or customers' }).getByRole('link', { name: 'Customers' }).click()
        await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor()
        // Still the Orders tab of the dashboard.
        const ordersTab = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' })
        assert.equal(await ordersTab.getAttribute('aria-current'), 'page')

        // Part of the number, written as a person would.
        await page.getByRole('searchbox', { name: 'Search customers' }).fill(`${local.slice(0, 3)} ${local.slice(3, 7)}`)
        await page.getByRole('button', { name: 'Search' }).click()
        await page.getByRole('status').getByText('1 customer', { exact: true }).waitFor()
        const card = page.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: 'Adwoa Customer' })
        await card.getByText(longEmail).waitFor()
        assert.match(await card.getByRole('definition').nth(0).innerText(), /^2$/)
        assert.match(await card.getByRole('definition').nth(1).innerText(), money(spent))
        const owes = card.getByRole('definition').nth(2)
        assert.match(await owes.innerText(), money(owed))
        assert.equal(await owes.evaluate((element) => getComputedStyle(element).color), 'rgb(164, 38, 44)')
        assert.equal(await card.getByRole('link', { name: 'WhatsApp Adwoa Customer' }).getAttribute('href'), `https://wa.me/${international.slice(1)}`)
        assert.equal(await card.getByRole('link', { name: 'Call Adwoa Customer' }).getAttribute('href'), `tel:${international}`)
        await assertNoSidewaysScroll(page, 'the customers list with a long e-mail')

        // "Owes money" keeps them.
        await page.getByRole('link', { name: 'Owes money' }).click()
        await page.getByText('Showing customers who owe money.').waitFor()
        await card.waitFor()

        // Their page: both orders, newest first, each to its order; and a note staff keep.
        await card.getByRole('link', { name: 'Adwoa Customer', exact: true }).click()
        await page.getByRole('heading', { level: 1, name: 'Adwoa Customer' }).waitFor()
        const orders = page.getByRole('list', { name: 'Orders of Adwoa Customer' })
        await orders.getByRole('link', { name: `Order ${second.orderId}` }).waitFor()
        await orders.getByRole('link', { name: `Order ${first.orderId}` }).waitFor()
        await assertNoSidewaysScroll(page, 'the customer with a long e-mail')
        await page.getByRole('textbox', { name: 'Note' }).fill('Collects after church on Sundays')
        await page.getByRole('textbox', { name: 'Tags' }).fill('VIP, church, vip')
        await page.getByRole('button', { name: 'Save note and tags' }).click()
        await page.getByRole('status').getByText('Note and tags saved').waitFor()
        assert.equal(await page.getByRole('textbox', { name: 'Tags' }).inputValue(), 'VIP, church')
        await orders.getByRole('link', { name: `Order ${second.orderId}` }).click()
        await page.getByRole('heading', { level: 1, name: `Order ${second.orderId}` }).waitFor()
      },
      SMALL_PHONE,
    )
  })
})
