/**
 * Promotions without codes (issue 29, decisions 78 and 94) from the dashboard to the shopper's order: a
 * manager creates "Free delivery over GHS …" on a phone and edits its amount and last day; the product page
 * and the checkout say it and how far the cart is from it; an order over the amount is delivered free, and
 * its page names the promotion; deleted from the dashboard, it is gone for shoppers.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { productPath } from '@shop/domain'
import { api, assertNoSidewaysScroll, axeViolations, demo, describeViolations, logInPage, request, SMALL_PHONE, useBrowser, useServer, withPhone, writeCart } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()
const shop = () => server().shopUrl(demo.slug)

type Product = { _id: string; title: string; price: { value: number }; sellAt: number; variants: unknown[]; availability?: { inStock?: boolean } | null }
type Order = { totals: { delivery: number; deliveryWaived?: number; totalInclTax: number; subtotal: number }; promotions?: { freeDelivery: { label: string } | null } }

const money = (value: number) => `GHS ${value.toFixed(2)}`
const wordsOf = (text: string | null) => (text ?? '').replace(/\s+/g, ' ')

describe('free delivery over an amount', { timeout: 180_000 }, () => {
  it('is set up in the dashboard, told to the shopper, and applied to their order', async () => {
    const shopId = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
    const products = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shopId}&available=true&$limit=50`)
    const product = products.body.data.find((p) => p.variants.length === 0 && (p.sellAt || p.price.value) >= 50 && (p.sellAt || p.price.value) <= 400)
    assert.ok(product, 'the demo shop sells a product without variants between GHS 50 and 400')
    const unit = product.sellAt > 0 ? product.sellAt : product.price.value
    // One unit is below the amount, two reach it.
    const threshold = Math.ceil(unit * 1.5)

    await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, 'manager@demo.shop')
        await page.goto(`${shop()}/admin/discount-codes`)
        const panel = page.getByRole('region', { name: 'Promotions' })
        await panel.getByRole('button', { name: 'New promotion' }).click()
        const form = panel.getByRole('form', { name: 'New promotion' })
        assert.equal(await form.getByRole('radio', { name: 'Free delivery' }).isChecked(), true, 'free delivery is the first choice')
        const violations = await axeViolations(page)
        assert.deepEqual(violations, [], describeViolations('the promotion form', violations))
        // Checked in the browser: a discount needs its amount.
        await form.getByRole('radio', { name: 'Percent off' }).check()
        await form.getByRole('button', { name: 'Create promotion' }).click()
        await form.getByText('Enter the percent off').waitFor()
        await form.getByRole('radio', { name: 'Free delivery' }).check()
        await form.getByLabel('For orders of at least (GHS)').fill(String(threshold + 100))
        await form.getByRole('button', { name: 'Create promotion' }).click()
        await panel.getByRole('listitem').filter({ hasText: `Free delivery over GHS ${threshold + 100}` }).getByText('On').waitFor()
        await assertNoSidewaysScroll(page, 'the promotions panel')

        // Edited in place: the amount comes down and a last day is set; the kind stays.
        await panel.getByRole('button', { name: `Edit Free delivery over GHS ${threshold + 100}` }).click()
        const edit = panel.getByRole('form', { name: `Edit Free delivery over GHS ${threshold + 100}` })
        assert.equal(await edit.getByRole('radio', { name: 'Percent off' }).isDisabled(), true, 'the kind cannot change')
        assert.equal(await edit.getByLabel('For orders of at least (GHS)').inputValue(), String(threshold + 100))
        await edit.getByLabel('For orders of at least (GHS)').fill(String(threshold))
        await edit.getByLabel('Last day (optional)').fill('2099-12-31')
        await assertNoSidewaysScroll(page, 'the promotion being edited')
        await edit.getByRole('button', { name: 'Save promotion' }).click()
        const item = panel.getByRole('listitem').filter({ hasText: `Free delivery over GHS ${threshold}` })
        await item.getByText('until 31 Dec 2099').waitFor()
        await item.getByText('On').waitFor()
      },
      SMALL_PHONE,
    )

    const listed = await api<{ data: { label: string }[] }>(server(), 'GET', `/api/promotions/?shop=${shopId}`)
    assert.deepEqual(listed.body.data.map((p) => p.label), [`Free delivery over GHS ${threshold}`], 'anyone reads the live promotion')

    // The note is in the server's HTML, before any script runs: the offer on the product page, and at the
    // checkout (whose cart the server reads from its cookie) how far the cart is from it.
    const host = `${demo.slug}.localhost:${server().port}`
    const productHtml = (await request(server().port, host, productPath(product))).body
    assert.match(wordsOf(productHtml), new RegExp(`class="free-delivery-note"[^>]*><strong>Free delivery over GHS ${threshold}`))
    const cookie = `cart=2.${Date.now()}.${product._id}~-~1`
    const checkoutHtml = (await request(server().port, host, '/checkout', { headers: { cookie } })).body
    assert.match(wordsOf(checkoutHtml).replace(/&nbsp;|\u00a0/g, ' '), new RegExp(`Add ${money(threshold - unit).replace('.', '\\.')} more for free delivery`))

    await withPhone(
      browser(),
      async (page) => {
        await page.goto(`${shop()}/terms`)
        await writeCart(page, [{ product: product._id, variant: null, count: 1 }])
        await page.goto(`${shop()}/products/${product._id}`)
        const note = page.locator('.free-delivery-note')
        await note.getByText(`Free delivery over GHS ${threshold}`).waitFor()
        await note.getByText(`Add ${money(threshold - unit)} more for free delivery`).waitFor()
        await assertNoSidewaysScroll(page, 'the product page')

        await writeCart(page, [{ product: product._id, variant: null, count: 2 }])
        await page.goto(`${shop()}/checkout`)
        await page.getByRole('radio', { name: /Delivery to your address/ }).check()
        await page.getByLabel('Region').selectOption({ label: 'Greater Accra' })
        await page.getByRole('radio', { name: /Greater Accra express/ }).check()
        await page.getByLabel('Delivery address').fill('14 Oxford Street, Osu')
        await page.getByLabel('Your name').fill('Abena Free')
        await page.getByLabel('Phone').fill('024 412 3456')
        await page.locator('.free-delivery-note').getByText('Your order gets free delivery').waitFor()
        const totals = page.getByRole('main').locator('dl.totals')
        // The delivery row says it is free, and why.
        await totals.getByText(`Free delivery over GHS ${threshold}`).waitFor()
        assert.match(wordsOf(await totals.locator('.totals-row').filter({ hasText: /^Delivery/ }).first().textContent()), /^DeliveryFree ?Free delivery over/)
        await totals.locator('.totals-total').getByText(money(unit * 2)).waitFor()
        await assertNoSidewaysScroll(page, 'the checkout')

        await page.getByRole('button', { name: 'Place order' }).click()
        await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor()
        const placed = new URL(page.url())
        const id = placed.pathname.split('/').pop()!
        const shown = page.getByRole('main').locator('dl.totals')
        await shown.getByText(`Free delivery over GHS ${threshold}`).waitFor()
        assert.match(wordsOf(await shown.textContent()), new RegExp(`Total\\s*${money(unit * 2).replace('.', '\\.')}`))

        const order = await api<Order>(server(), 'GET', `/api/orders/${id}?key=${placed.searchParams.get('key')}`)
        assert.equal(order.status, 200)
        assert.deepEqual(
          { delivery: order.body.totals.delivery, waived: order.body.totals.deliveryWaived, total: order.body.totals.totalInclTax },
          { delivery: 0, waived: 25, total: unit * 2 },
        )
        assert.equal(order.body.promotions?.freeDelivery?.label, `Free delivery over GHS ${threshold}`)
      },
      SMALL_PHONE,
    )

    // Deleted from the dashboard: shoppers no longer get it, and the order keeps what it gave.
    await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, 'manager@demo.shop')
        await page.goto(`${shop()}/admin/discount-codes`)
        const panel = page.getByRole('region', { name: 'Promotions' })
        await panel.getByRole('button', { name: `Delete Free delivery over GHS ${threshold}` }).click()
        await page.getByRole('dialog', { name: `Delete “Free delivery over GHS ${threshold}”?` }).getByRole('button', { name: 'Delete promotion' }).click()
        await panel.getByText('No promotions yet').waitFor()
      },
      SMALL_PHONE,
    )
    const after = await api<{ data: unknown[] }>(server(), 'GET', `/api/promotions/?shop=${shopId}`)
    assert.deepEqual(after.body.data, [], 'a deleted promotion is gone for shoppers')
  })
})
