/**
 * Order pages on a 360 px phone (decisions 69 and 70): nothing widens the page, each journey of issue 28's
 * phone list has a check of its own besides (long e-mails and addresses wrap, an order line's title keeps
 * its room beside the photo, Record payment's radios sit beside their labels, the Overview's money stays on
 * one line, a discount keeps its sign with the amount, toasts stay few), the order pages offer WhatsApp, and
 * the printed invoice says when and who.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import { PHONE, SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, ownerApi, useBrowser, useServer, waitForHydration, withPhone, writeCart } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

type Order = { _id: string; orderId: string; accessKey?: string; balance: number; createdAt: string; phone: string }
type Product = { _id: string; title: string; variants: { _id: string }[] }
type Rate = { _id: string; name: string; regions: string[]; paymentOption: string }

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`
const asOwner = ownerApi(server)

/** An e-mail address far wider than a phone, in one unbreakable word. */
const LONG_EMAIL = `akosua.adwoa.boatemaa.mensah-bonsu.${Date.now()}@a-very-long-company-domain-name-for-testing.example.com`
const LONG_ADDRESS = 'House-number-GA-183-4417-Abelemkpe-behind-the-Total-filling-station-near-the-blue-gate, Accra'

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

async function products(): Promise<Product[]> {
  return (await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${await shopId()}&available=true&inStock=true&$limit=50`)).body.data
}

/** Each guest order its own phone: a phone may have only a few unconfirmed pay-on-delivery orders. */
let phones = 0
const nextPhone = () => `024 412 ${String(3400 + ++phones)}`

/** A guest's order with a long e-mail and, for a delivery, a long address: phone-only details staff must read. */
async function placeGuestOrder(delivery: 'pick-up' | 'dispatch'): Promise<Order> {
  const shop = await shopId()
  const product = (await products()).find((candidate) => candidate.variants.length === 0)!
  let body: Record<string, unknown> = { type: 'pick-up' }
  if (delivery === 'dispatch') {
    const rates = (await api<{ data: Rate[] }>(server(), 'GET', `/delivery/rates/?client=${shop}`)).body.data
    // A fee paid online with an online order: on a pay-on-delivery order it is paid on delivery too.
    const rate = rates.find((candidate) => candidate.paymentOption === 'instant')!
    body = { type: 'dispatch', region: rate.regions[0], rate: rate._id, address: LONG_ADDRESS }
  }
  const placed = await api<Order>(server(), 'POST', `/api/orders/?shop=${shop}&email=${encodeURIComponent(LONG_EMAIL)}`, {
    headers: { 'idempotency-key': `layout-${delivery}-${Date.now()}` },
    body: { items: [{ product: product._id, count: 1 }], delivery: body, payment: { provider: 'manual' }, phone: nextPhone() },
  })
  assert.equal(placed.status, 201, JSON.stringify(placed.body))
  return placed.body
}

/** The owner on a phone of `viewport`. */
const asOwnerOnPhone = (run: (page: Page) => Promise<void>, viewport = SMALL_PHONE) =>
  withPhone(
    browser(),
    async (page) => {
      await logInPage(server(), page, demo.owner)
      await run(page)
    },
    viewport,
  )

/** How many lines the element's text takes (its text's boxes by their top), and whether it overflows its box. */
async function lines(element: Locator): Promise<{ lines: number; overflows: boolean; text: string }> {
  return element.evaluate((node) => {
    const range = document.createRange()
    range.selectNodeContents(node)
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top)),
    )
    return { lines: tops.size, overflows: node.scrollWidth > node.clientWidth + 1, text: node.textContent }
  })
}

/** Asserts no sideways scroll once the page's route stylesheets have arrived (they load after the first paint). */
async function fitsOnceStyled(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle')
  await assertNoSidewaysScroll(page, where)
}

describe('order pages on a 360 px phone', { timeout: 300_000 }, () => {
  it('wraps a long e-mail in the orders list and on the order, and offers WhatsApp beside the phone', async () => {
    const order = await placeGuestOrder('dispatch')
    for (const viewport of [PHONE, SMALL_PHONE]) {
      await asOwnerOnPhone(async (page) => {
        await page.goto(shopUrl(`/admin/orders?q=${encodeURIComponent('akosua.adwoa')}`))
        const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: order.orderId })
        await card.waitFor()
        await fitsOnceStyled(page, `the orders list at ${viewport.width} px`)
      }, viewport)
    }

    await asOwnerOnPhone(async (page) => {
      await page.goto(shopUrl(`/admin/orders/${order._id}`))
      await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor()
      const customer = page.getByRole('region', { name: 'Customer' })
      await customer.getByText(LONG_EMAIL).waitFor()
      assert.match(order.phone, /^\+233244123\d{3}$/)
      const whatsApp = customer.getByRole('link', { name: `WhatsApp ${order.phone}` })
      const href = new URL((await whatsApp.getAttribute('href'))!)
      assert.equal(`${href.origin}${href.pathname}`, `https://wa.me/${order.phone.slice(1)}`)
      assert.match(href.searchParams.get('text')!, new RegExp(order.orderId))
      assert.equal(await customer.locator(`a[href="tel:${order.phone}"]`).count(), 1, 'call stays beside WhatsApp')
      await page.getByRole('region', { name: 'Delivery' }).getByText(LONG_ADDRESS).waitFor()
      // A pay-on-delivery order's fee is paid on delivery, never "with the order".
      await page.getByRole('region', { name: 'Delivery' }).getByText(/paid on delivery with the rest of the order$/).waitFor()
      await page.getByRole('region', { name: 'Payment' }).getByText('Pay on delivery', { exact: true }).waitFor()
      await fitsOnceStyled(page, 'the order with a long e-mail and address')
    })
  })

  it("shows the buyer's order with the title beside its photo, their way to pay, and WhatsApp to the shop", async () => {
    const order = await placeGuestOrder('pick-up')
    await withPhone(
      browser(),
      async (page) => {
        await page.goto(shopUrl(`/orders/${order._id}?key=${order.accessKey}`))
        await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor()
        const line = page.locator('.order-line').first()
        const [lineBox, titleBox] = await Promise.all([line.boundingBox(), line.locator('.order-line-title').boundingBox()])
        assert.ok(titleBox!.width >= lineBox!.width * 0.6, `the title is squeezed: ${titleBox!.width}px of ${lineBox!.width}px`)

        await page.getByRole('definition').filter({ hasText: /^Pay at pick-up$/ }).waitFor()
        const whatsApp = page.getByRole('link', { name: 'WhatsApp the shop' })
        const href = new URL((await whatsApp.getAttribute('href'))!)
        assert.equal(`${href.origin}${href.pathname}`, 'https://wa.me/233245550142')
        assert.match(href.searchParams.get('text')!, new RegExp(order.orderId))
        await fitsOnceStyled(page, "the buyer's order")
      },
      SMALL_PHONE,
    )
  })

  it('keeps Record payment radios beside their labels, and at most two toasts on screen', async () => {
    const order = await placeGuestOrder('pick-up')
    await asOwnerOnPhone(async (page) => {
      await page.goto(shopUrl(`/admin/orders/${order._id}`))
      await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor()
      await page.getByRole('button', { name: 'Record payment' }).click()
      const form = page.getByRole('form', { name: 'Record a payment' })
      for (const name of ['Cash', 'Bank transfer']) {
        const label = form.locator('label.choice').filter({ hasText: name })
        const radio = label.getByRole('radio')
        const [radioBox, labelBox, textBox] = await Promise.all([radio.boundingBox(), label.boundingBox(), label.locator('span').boundingBox()])
        assert.ok(radioBox!.x - labelBox!.x < 24, `${name}: the radio drifts right (${radioBox!.x - labelBox!.x}px in)`)
        assert.ok(textBox!.x > radioBox!.x && textBox!.x - (radioBox!.x + radioBox!.width) < 24, `${name}: the radio is not beside its text`)
      }
      await fitsOnceStyled(page, 'Record payment')

      // Three changes in a row: a payment and two moves, each with its toast.
      await form.getByRole('radio', { name: 'Cash' }).check()
      await form.getByLabel(/^Amount/).fill('1')
      await form.getByRole('button', { name: 'Record payment' }).click()
      await page.getByRole('status').getByText(/^Payment of GHS.+ recorded$/).waitFor()
      await page.getByRole('button', { name: 'Mark as packaged' }).click()
      await page.getByRole('status').getByText(`Order ${order.orderId} is now packaged`).waitFor()
      await page.getByRole('button', { name: 'Mark as ready' }).click()
      await page.getByRole('status').getByText(`Order ${order.orderId} is now ready`).waitFor()
      const toasts = await page.locator('.toast').count()
      assert.ok(toasts <= 2, `${toasts} toasts at once`)
      const covered = await page.locator('.toasts').evaluate((node) => node.getBoundingClientRect().height / window.innerHeight)
      assert.ok(covered < 0.3, `the toasts cover ${Math.round(covered * 100)}% of the screen`)
      await fitsOnceStyled(page, 'the order with its toasts')
    })
  })

  it("keeps the Overview's money figures on one line", async () => {
    await asOwnerOnPhone(async (page) => {
      await page.goto(shopUrl('/admin'))
      const figures = page.locator('.period-figure-value')
      await figures.first().waitFor()
      await page.waitForLoadState('networkidle')
      for (const figure of await figures.all()) {
        const measured = await lines(figure)
        assert.ok(measured.lines === 1 && !measured.overflows, `"${measured.text}" takes ${measured.lines} lines${measured.overflows ? ' and overflows its tile' : ''}`)
      }
      await fitsOnceStyled(page, 'the Overview')
    })
  })

  it("keeps the checkout's discount sign with its amount", async () => {
    const product = (await products()).find((candidate) => candidate.variants.length === 0)!
    await withPhone(
      browser(),
      async (page) => {
        await page.goto(shopUrl('/terms'))
        await writeCart(page, [{ product: product._id, variant: null, count: 3 }])
        await page.goto(shopUrl('/checkout'))
        // The cart was written to this browser's storage only (no cookie), so the server renders none: the
        // code is applied by the scripts, once they have read it.
        await waitForHydration(page)
        await page.getByLabel('Discount code').fill('WELCOME10')
        await page.getByRole('button', { name: 'Apply' }).click()
        const discount = page.getByRole('main').locator('dl.totals .totals-row').filter({ hasText: 'Discount (WELCOME10)' }).locator('dd')
        await discount.waitFor()
        const text = (await discount.textContent())!
        assert.match(text, /^\u2212\u00a0GHS\u00a0[\d,]+\.\d\d$/, `the minus and the amount are one unbreakable piece: ${JSON.stringify(text)}`)
        await page.waitForLoadState('networkidle')
        assert.equal((await lines(discount)).lines, 1, `the discount breaks: ${JSON.stringify(text)}`)
        await fitsOnceStyled(page, 'the checkout with a discount')
      },
      SMALL_PHONE,
    )
  })

  it('prints the invoice with its date, the shop’s contact and its WhatsApp number', async () => {
    const order = await placeGuestOrder('dispatch')
    const shop = await asOwner<{ aboutSections: { contact: string } }>('GET', `/api/shops/${demo.slug}`)
    await asOwnerOnPhone(async (page) => {
      await page.goto(shopUrl(`/admin/orders/${order._id}/print`))
      const sheet = page.getByRole('article', { name: 'Invoice and packing slip' })
      await sheet.waitFor()
      await sheet.getByText(/^Date: \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d$/).waitFor()
      await sheet.getByText(shop.aboutSections.contact).waitFor()
      await sheet.getByText('Phone and WhatsApp: +233245550142').waitFor()
      await fitsOnceStyled(page, 'the invoice')
    })
  })
})
