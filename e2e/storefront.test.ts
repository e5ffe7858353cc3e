/**
 * The shopper's journeys in Chromium (docs/product.md §2–§9, docs/architecture.md §8, §12): browse, search, product, cart, checkout
 * by pick-up and by delivery with a discount code, the login round trip from the checkout, a shared
 * checkout opened by someone else, and the account's orders and notifications after a staff change.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { api, demo, logInPage, readLocalStorage, signIn, tokenFor, useBrowser, useServer, waitForHydration, withPage } from './fixtures'

type Order = {
  _id: string
  orderId: string
  status: string
  email: string
  phone: string
  customerName: string
  items: { product: { title: string }; count: number; variant: { _id: string } | null }[]
  delivery: { type: string; region: string | null; address?: string; rate: { name: string } | null }
  discount: { code: string } | null
  totals: { subtotal: number; discount: number; delivery: number; total: number }
}
type Cart = { version: number; items: { count: number; product: string; variant: string | null }[] }

const { server } = useServer()
const { browser } = useBrowser()

const shop = () => server().shopUrl(demo.slug)
const main = (page: Page) => page.getByRole('main')
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** Opens a product from the search results and adds it (with its first option) to the cart. */
async function addToCart(page: Page, query: string, title: string): Promise<void> {
  await page.goto(`${shop()}/products/?q=${encodeURIComponent(query)}`)
  await main(page).getByRole('link', { name: title }).click()
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await page.getByText('Added to your cart.').waitFor()
}

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

describe('shopper journeys', { timeout: 120_000 }, () => {
  it('browses, searches, adds to the cart and checks out anonymously by pick-up', async () => {
    await withPage(browser(), async (page) => {
      await page.goto(shop())
      await page.getByRole('heading', { level: 1, name: demo.title }).waitFor()
      await main(page).getByRole('heading', { name: 'New in' }).waitFor()
      assert.ok((await main(page).getByRole('listitem').filter({ has: page.getByRole('link') }).count()) >= 8)

      // The search box pushes the trimmed query.
      const search = nav(page).getByRole('searchbox', { name: 'Search products' })
      await search.fill('   kente   ')
      await search.press('Enter')
      await page.waitForURL((url) => url.pathname === '/products/' && url.search === '?q=kente')
      await page.getByRole('heading', { level: 1, name: 'Results for “kente”' }).waitFor()
      assert.equal(await page.title(), 'Search: kente | Demo Shop')

      await main(page).getByRole('link', { name: 'Kente print shirt' }).click()
      await page.getByRole('heading', { level: 1, name: 'Kente print shirt' }).waitFor()
      assert.equal(await page.title(), 'Kente print shirt | Demo Shop')
      const options = page.getByRole('group', { name: 'Choose an option' }).getByRole('radio')
      assert.ok((await options.count()) >= 2, 'the shirt comes in sizes')
      await options.nth(1).check()
      // The pick was the page's first touch: its scripts start now. This journey is the scripted one (the
      // form that works before them is e2e/works-before-scripts.test.ts's).
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByText('Added to your cart.').waitFor()
      await nav(page).getByRole('link', { name: /Checkout.*1 item in your cart/ }).waitFor()

      const cart = (await readLocalStorage(page, 'cart')) as Cart
      assert.equal(cart.version, 2)
      assert.equal(cart.items.length, 1)
      assert.equal(cart.items[0]!.count, 1)
      assert.ok(cart.items[0]!.variant, 'the chosen variant is kept')

      // The same product and variant is not added twice.
      await page.getByRole('button', { name: 'In your cart' }).click()
      await page.getByText('This is already in your cart.').waitFor()
      assert.equal(((await readLocalStorage(page, 'cart')) as Cart).items.length, 1)

      await nav(page).getByRole('link', { name: /Checkout/ }).click()
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor()
      const line = page.getByRole('group', { name: 'Quantity of Kente print shirt' })
      await line.getByRole('button', { name: 'One more' }).click()
      await page.waitForFunction(() => JSON.parse(window.localStorage.getItem('cart') ?? '{}').items?.[0]?.count === 2)
      const summary = page.getByRole('definition').filter({ hasText: 'GHS 440.00' })
      assert.ok((await summary.count()) >= 1, 'the subtotal follows the count')

      await page.getByLabel('E-mail (optional)').fill('anna@example.com')
      await page.getByLabel('Your name').fill('Anna Ofori')
      await page.getByLabel('Phone').fill('024 412 3456')
      await page.getByRole('button', { name: 'Place order' }).click()
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor()
      const url = new URL(page.url())
      assert.match(url.pathname, /^\/orders\/[0-9a-f-]{36}$/)
      const key = url.searchParams.get('key')
      assert.ok(key, 'an anonymous buyer gets the private link')
      const orderNumber = (await page.getByRole('status').filter({ hasText: 'is placed' }).locator('strong').textContent())!
      assert.match(orderNumber, /^[A-Z0-9]{6}$/)

      // The cart is emptied and the badge is gone.
      await page.waitForFunction(() => JSON.parse(window.localStorage.getItem('cart') ?? '{}').items?.length === 0)
      assert.equal(await nav(page).getByText(/in your cart/).count(), 0)

      const order = await api<Order>(server(), 'GET', `${url.pathname.replace('/orders', '/api/orders')}?key=${key}`)
      assert.equal(order.status, 200)
      assert.equal(order.body.orderId, orderNumber)
      assert.equal(order.body.status, 'placed')
      assert.equal(order.body.email, 'anna@example.com')
      assert.equal(order.body.delivery.type, 'pick-up')
      assert.equal(order.body.items[0]!.count, 2)
      assert.equal(order.body.totals.total, 440)
    })
  })

  it('checks out logged in, by delivery with a region rate and a discount code', async () => {
    await withPage(browser(), async (page) => {
      const { token } = await logInPage(server(), page, demo.shopper)
      await addToCart(page, 'leather jacket', 'Leather jacket, brown')
      // On sale: the sale price with the regular one struck through.
      await page.getByText('GHS 799.00').first().waitFor()
      assert.equal(await page.locator('s').filter({ hasText: 'GHS 950.00' }).count(), 1)

      await page.goto(`${shop()}/checkout`)
      await page.getByText(`Ordering as ${demo.shopper}`).waitFor()
      await page.getByRole('radio', { name: /Delivery to your address/ }).check()
      await page.getByLabel('Region').selectOption({ label: 'Greater Accra' })
      await page.getByRole('radio', { name: /Greater Accra express/ }).check()
      await page.getByLabel('Delivery address').fill('14 Oxford Street, Osu')
      assert.notEqual(await page.getByLabel('Phone').inputValue(), '', 'the phone comes from the profile')
      assert.notEqual(await page.getByLabel('Your name').inputValue(), '', 'and so does the name')

      await page.getByLabel('Discount code').fill('nope-code')
      await page.getByRole('button', { name: 'Apply' }).click()
      await page.getByText('“nope-code” is not a valid discount code.').waitFor()
      await page.getByLabel('Discount code').fill('welcome10')
      await page.getByRole('button', { name: 'Apply' }).click()
      await page.getByText('10 % off').waitFor()

      // 799 − 79.90 + 25 (express is paid with the order).
      const totals = page.getByRole('main').locator('dl.totals')
      await totals.getByText('− GHS 79.90').waitFor()
      await totals.getByText('GHS 744.10').waitFor()

      await page.getByRole('button', { name: 'Place order' }).click()
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor()
      const id = new URL(page.url()).pathname.split('/').pop()!
      assert.equal(new URL(page.url()).searchParams.get('key'), null, 'a logged-in buyer needs no private link')

      const order = await api<Order>(server(), 'GET', `/api/orders/${id}`, { token })
      assert.equal(order.status, 200)
      assert.equal(order.body.delivery.type, 'dispatch')
      assert.equal(order.body.delivery.region, 'GH-AA')
      assert.equal(order.body.delivery.rate?.name, 'Greater Accra express')
      assert.equal(order.body.delivery.address, '14 Oxford Street, Osu')
      assert.equal(order.body.discount?.code, 'WELCOME10')
      assert.deepEqual(
        { subtotal: order.body.totals.subtotal, discount: order.body.totals.discount, delivery: order.body.totals.delivery },
        { subtotal: 799, discount: 79.9, delivery: 25 },
      )
      assert.equal(order.body.totals.total, 744.1)
    })
  })

  it('keeps the cart through the login round trip and comes back to the checkout', async () => {
    await withPage(browser(), async (page) => {
      await addToCart(page, 'honey', 'Volta forest honey, 500 g')
      await page.goto(`${shop()}/checkout`)
      await page.getByRole('heading', { name: 'Your cart' }).waitFor()
      await nav(page).getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL((url) => url.pathname === '/login')
      await signIn(page, demo.shopper, demo.password)
      await page.waitForURL((url) => url.host === new URL(shop()).host && url.pathname === '/checkout' && !url.search)
      await page.getByText(`Ordering as ${demo.shopper}`).waitFor()
      await page.getByRole('link', { name: 'Volta forest honey, 500 g' }).waitFor()
      assert.equal(await readLocalStorage(page, 'checkpoint'), null)
    })
  })

  it('shares a checkout that a second browser opens, sees without contact details, and places', async () => {
    const context = await browser().newContext()
    const other = await browser().newContext()
    try {
      const page = await context.newPage()
      await addToCart(page, 'basket', 'Bolga market basket')
      await page.goto(`${shop()}/checkout`)
      await page.getByRole('radio', { name: /Delivery to your address/ }).check()
      await page.getByLabel('Region').selectOption({ label: 'Greater Accra' })
      await page.getByRole('radio', { name: /Greater Accra standard/ }).check()
      await page.getByLabel('Delivery address').fill('House 7, Labone Crescent')
      await page.getByLabel('E-mail (optional)').fill('sharer@example.com')
      await page.getByLabel('Your name').fill('Sharer Sefa')
      await page.getByLabel('Phone').fill('+233 20 111 2222')
      await page.getByRole('button', { name: 'Share checkout' }).click()
      const link = await page.getByRole('textbox', { name: /Anyone with this link/ }).inputValue()
      assert.match(link, new RegExp(`^${shop()}/checkout/[0-9a-f-]{36}$`))

      const payer = await other.newPage()
      await payer.goto(link)
      await payer.getByRole('heading', { level: 1, name: 'Shared checkout' }).waitFor()
      await payer.getByRole('link', { name: 'Bolga market basket' }).waitFor()
      // The payer may pay it as it was shared: they see the region and its fee, never the address or phone.
      await payer.getByText(/^As it was shared/).waitFor()
      // Intl.NumberFormat puts a no-break space between the currency and the amount.
      const text = (await payer.getByRole('main').innerText()).replace(/\s+/g, ' ')
      assert.ok(!text.includes('Labone'), 'the address is not shown to others')
      assert.ok(!text.includes('sharer@example.com') && !text.includes('111 2222') && !text.includes('201112222'), 'nor the email or phone')
      assert.ok(!text.includes('Sharer Sefa'), 'nor the name')
      assert.ok(text.includes('GHS 190.00') && text.includes('Greater Accra'))
      assert.equal(await payer.title(), 'Shared checkout | Demo Shop')

      // This payer chooses their own delivery instead.
      await payer.getByLabel('E-mail (optional)').fill('payer@example.com')
      await payer.getByText(/^My own delivery/).click()
      await payer.getByRole('radio', { name: /Delivery to your address/ }).check()
      await payer.getByRole('button', { name: 'Place order' }).click()
      await payer.getByText('Choose your region.').waitFor()
      await payer.getByLabel('Region').selectOption({ label: 'Northern' })
      await payer.getByRole('radio', { name: /Northern regions/ }).check()
      await payer.getByLabel('Delivery address').fill('Flat 2, Gumani Road, Tamale')
      await payer.getByLabel('Your name').fill('Payer Pokua')
      await payer.getByLabel('Phone', { exact: true }).fill('+233 24 333 4444')
      await payer.getByRole('button', { name: 'Place order' }).click()
      await payer.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor()
      const url = new URL(payer.url())
      const order = await api<Order>(server(), 'GET', `/api/orders/${url.pathname.split('/').pop()}?key=${url.searchParams.get('key')}`)
      assert.equal(order.body.email, 'payer@example.com')
      assert.equal(order.body.phone, '+233243334444')
      assert.equal(order.body.customerName, 'Payer Pokua')
      assert.equal(order.body.delivery.address, 'Flat 2, Gumani Road, Tamale')
      assert.equal(order.body.delivery.region, 'GH-NP')
      assert.equal(order.body.delivery.rate?.name, 'Northern regions')
      assert.ok(!JSON.stringify(order.body).includes('Labone') && !JSON.stringify(order.body).includes('201112222'))
      assert.ok(!JSON.stringify(order.body).includes('Sharer Sefa'))
      assert.equal(order.body.items[0]!.product.title, 'Bolga market basket')
    } finally {
      await context.close()
      await other.close()
    }
  })

  it('shows the account orders and notifications after a staff status change, and cancels while placed', async () => {
    const shop_ = await shopId()
    const shopperToken = await tokenFor(server(), demo.shopper)
    const products = await api<{ data: { _id: string; title: string; variants: unknown[]; inStock: boolean }[] }>(
      server(),
      'GET',
      `/api/products/?shop=${shop_}&available=true&inStock=true&$limit=50`,
    )
    const [first, second] = products.body.data.filter((product) => product.variants.length === 0)
    const place = (productId: string, key: string) =>
      api<Order>(server(), 'POST', `/api/orders/?shop=${shop_}`, {
        token: shopperToken,
        headers: { 'idempotency-key': key },
        body: { items: [{ product: productId, count: 1 }], delivery: { type: 'pick-up' } },
      })
    const ownerToken = await tokenFor(server(), demo.owner)
    // The shop confirms the shopper's earlier pay-on-delivery orders (moves them to Packaged), as a shop
    // does, so the two below stay within its cap of unconfirmed ones per buyer (decision 52).
    const earlier = await api<{ data: Order[] }>(server(), 'GET', `/api/orders/?shop=${shop_}&status=placed&$limit=100`, { token: ownerToken })
    for (const order of earlier.body.data.filter((o) => o.email === demo.shopper)) {
      await api(server(), 'PATCH', `/api/orders/${order._id}`, { token: ownerToken, body: { status: 'packaged' } })
    }
    const moved = await place(first!._id, 'e2e-account-1')
    const waiting = await place(second!._id, 'e2e-account-2')
    assert.equal(moved.status, 201)
    assert.equal(waiting.status, 201)
    const patched = await api<Order>(server(), 'PATCH', `/api/orders/${moved.body._id}`, {
      token: ownerToken,
      body: { status: 'packaged' },
    })
    assert.equal(patched.status, 200)

    await withPage(browser(), async (page) => {
      page.on('dialog', (dialog) => void dialog.accept())
      await logInPage(server(), page, demo.shopper)
      await page.goto(`${shop()}/account/orders`)
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
      const row = page.getByRole('listitem').filter({ hasText: moved.body.orderId })
      await row.getByText('Packaged').waitFor()
      await row.getByText(first!.title).waitFor()
      assert.equal(await page.getByRole('navigation', { name: 'Account' }).getByRole('link').count(), 4)

      await row.getByRole('link').click()
      await page.getByRole('heading', { level: 1, name: `Order ${moved.body.orderId}` }).waitFor()
      const history = page.getByRole('list').filter({ hasText: 'Placed' }).filter({ hasText: 'Packaged' })
      await history.waitFor()
      assert.equal(await page.getByRole('button', { name: 'Cancel order' }).count(), 0, 'no cancel once packaged')

      // The unread dot, then the notification itself.
      await nav(page).getByRole('button', { name: /\(unread notifications\)/ }).waitFor()
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Notifications' }).click()
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor()
      const note = page.getByRole('listitem').filter({ hasText: `Order ${moved.body.orderId} is packaged` })
      await note.getByText('Unread:').waitFor()
      const hint = async () =>
        (await api<{ count: number }>(server(), 'GET', `/api/notifications-hint?shop=${shop_}`, { token: shopperToken })).body.count
      const before = await hint()
      await note.getByRole('button', { name: /^Mark as read/ }).click()
      await note.getByRole('button').waitFor({ state: 'detached' })
      assert.equal(await hint(), before - 1, 'the notification is read')

      // The notification's link leads to the order; the placed one can be canceled.
      await page.goto(`${shop()}/account/orders?order=${waiting.body._id}`)
      await page.getByRole('heading', { level: 1, name: `Order ${waiting.body.orderId}` }).waitFor()
      await page.getByRole('button', { name: 'Cancel order' }).click()
      // The shop's own question, not the browser's: it says which order and waits for the answer.
      const question = page.getByRole('dialog', { name: `Cancel order ${waiting.body.orderId}?` })
      await question.getByRole('button', { name: 'Cancel the order' }).click()
      await question.waitFor({ state: 'hidden' })
      await page.locator('.order-facts').getByText('Canceled').waitFor()
      const canceled = await api<Order>(server(), 'GET', `/api/orders/${waiting.body._id}`, { token: shopperToken })
      assert.equal(canceled.body.status, 'canceled')
    })
  })

  it('pays with an instant provider on its pay page and comes back to the order', async () => {
    await withPage(browser(), async (page) => {
      await addToCart(page, 'cocoa nibs', 'Single-origin cocoa nibs, 250 g')
      await page.goto(`${shop()}/checkout`)
      await page.getByLabel('E-mail (optional)').fill('payer@example.com')
      await page.getByLabel('Your name').fill('Kojo Payer')
      await page.getByLabel('Phone').fill('0244123456')
      await page.getByRole('radio', { name: /Demonstration payment/ }).check()
      await page.getByRole('button', { name: 'Place order' }).click()
      await page.getByRole('heading', { level: 1, name: 'Demonstration payment' }).waitFor()
      await page.getByRole('button', { name: 'Pay now' }).click()
      await page.waitForURL((url) => url.host === new URL(shop()).host && url.pathname.startsWith('/orders/'))
      await page.getByText('Your payment was received.').waitFor()
      await page.getByText('Demonstration payment: paid').waitFor()
      const url = new URL(page.url())
      const order = await api<Order & { acked: boolean }>(
        server(),
        'GET',
        `/api/orders/${url.pathname.split('/').pop()}?key=${url.searchParams.get('key')}`,
      )
      assert.equal(order.body.acked, true)
    })
  })

  it('answers unknown products and orders with the 404 page', async () => {
    await withPage(browser(), async (page) => {
      const missing = await page.goto(`${shop()}/products/00000000-0000-4000-8000-000000000000`)
      assert.equal(missing?.status(), 404)
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
      assert.equal(await page.title(), 'Page not found | Demo Shop')
      assert.equal((await page.goto(`${shop()}/products/not-an-id`))?.status(), 404)
      assert.equal((await page.goto(`${shop()}/checkout/00000000-0000-4000-8000-000000000000`))?.status(), 404)

      await page.goto(`${shop()}/orders/00000000-0000-4000-8000-000000000000?key=${'x'.repeat(43)}`)
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
      await nav(page).waitFor()
    })
  })
})
