/**
 * A shop that works before its scripts do (issue 29, decisions 87–89), on a slow network (400 kbit/s, 400 ms)
 * and a 360 px phone: Add to cart is a form the server answers, the checkout shows the cart from its cookie
 * copy, the scripts then adopt it; the checkout keeps what was typed when the shopper leaves and comes back,
 * and Empty cart asks first. Log in and Place order work with no script either (decision 90). A public page
 * starts its scripts only at the first touch (decision 113): what a tap asks before they have run is done once
 * they have. No timings are asserted: `npm run lighthouse` measures them.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page, Route } from 'playwright-core'
import { SMALL_PHONE, demo, readLocalStorage, request, signIn, useBrowser, useServer } from './fixtures'
import { productPath } from '@shop/domain'

const { server } = useServer()
const { browser } = useBrowser()

type Listed = { _id: string; title: string; variants: { _id: string; availability: { level: string } }[]; availability: { level: string } }

/** A product of the demo shop sold without options, in stock. */
async function plainProduct(): Promise<Listed> {
  const { port } = server()
  const host = `${demo.slug}.localhost:${port}`
  const shop = JSON.parse((await request(port, host, `/api/shops/${demo.slug}`)).body) as { _id: string }
  const list = JSON.parse((await request(port, host, `/api/products/?shop=${shop._id}&$limit=50`)).body) as { data: Listed[] }
  const product = list.data.find((candidate) => candidate.variants.length === 0 && candidate.availability.level !== 'sold-out')
  assert.ok(product, 'the demo shop sells a product without options')
  return product
}

/** Runs in the page: whether React has hydrated the document (it marks the container it hydrates). */
const hydrated = () => Object.keys(document).some((key) => key.startsWith('__reactContainer'))

/** Holds every script of the page until `release()`: a tap before it lands before the scripts have run. */
async function holdScripts(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = []
  let open = false
  await page.route(/\.js(\?|$)/, (route) => (open ? route.continue() : void held.push(route)))
  return {
    release: async () => {
      open = true
      for (const route of held.splice(0)) await route.continue()
    },
  }
}

/** Until the checkout's scripts have run: the cart's counts, shown disabled before them, can change. */
const checkoutHydrated = (page: Page) => page.getByRole('spinbutton').and(page.locator(':enabled')).first().waitFor()

/** A fresh 360 px phone on the slow network; ``scripts.block()` keeps every script of the page from arriving. */
async function slowPhone(run: (page: Page, scripts: { block(): Promise<void>; allow(): Promise<void>; blocked(): number }) => Promise<void>) {
  // The offline copy's service worker, registered by the page's inline script (decision 113), fetches out
  // of the test's reach: with it, blocked scripts would still arrive from its cache or the network.
  const context = await browser().newContext({ viewport: SMALL_PHONE, serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 })
    let blocked = 0
    const scripts = {
      block: async () => {
        await page.route(/\.js(\?|$)/, (route) => {
          blocked += 1
          return route.abort()
        })
      },
      allow: () => page.unroute(/\.js(\?|$)/),
      blocked: () => blocked,
    }
    await run(page, scripts)
  } finally {
    await context.close()
  }
}

describe('the shop works before its scripts', () => {
  it('adds to the cart with no script, shows it in the checkout, and the scripts then take the cart over', async () => {
    const product = await plainProduct()
    const origin = server().shopUrl(demo.slug)
    await slowPhone(async (page, scripts) => {
      await scripts.block()
      await page.goto(`${origin}${productPath(product)}`)
      const add = page.getByRole('button', { name: 'Add to cart' })
      assert.equal(await add.isEnabled(), true, 'Add to cart can be pressed before the scripts')
      await Promise.all([page.waitForURL(`${origin}${productPath(product)}`, { waitUntil: 'load' }), add.click()])
      await page.getByText('Added to your cart.').waitFor()
      assert.ok(scripts.blocked() > 0, 'the page asked for its scripts and got none')

      await page.goto(`${origin}/checkout`)
      await page.locator('.cart-line-title', { hasText: product.title }).waitFor()
      assert.equal(await page.locator('.cart-pending').count(), 0, 'the cart is in the page, not waiting for the scripts')
      const line = page.getByRole('group', { name: `Quantity of ${product.title}` })
      assert.equal(await line.getByRole('spinbutton').isDisabled(), true, 'a count changed before the scripts would go nowhere')
      assert.equal(await page.getByRole('button', { name: /^Remove / }).isDisabled(), true)

      // The scripts arrive: the browser's cart (localStorage) adopts the cookie's newer copy, and the order can be placed.
      await scripts.allow()
      await page.reload()
      await checkoutHydrated(page)
      assert.equal(await line.getByRole('spinbutton').isDisabled(), false, 'with its scripts the line can change')
      assert.equal(await page.getByRole('button', { name: 'Place order' }).isEnabled(), true)
      await page.waitForFunction(() => localStorage.getItem('cart') !== null)
      const stored = (await readLocalStorage(page, 'cart')) as { version: number; items: { product: string; count: number }[] }
      assert.equal(stored.version, 2)
      assert.deepEqual(stored.items.map((item) => [item.product, item.count]), [[product._id, 1]])
    })
  })

  it('refuses a form posted with bad input, or from another site, with a 4xx and no cart', async () => {
    const product = await plainProduct()
    const { port } = server()
    const host = `${demo.slug}.localhost:${port}`
    const post = (body: string, headers: Record<string, string> = {}) =>
      request(port, host, productPath(product), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, ...headers },
        body,
      })
    for (const body of ['intent=add&count=0', 'intent=add&count=lots', 'intent=add&variant=XL', 'intent=remove', '']) {
      const answer = await post(body)
      assert.equal(answer.status, 400, body)
      assert.equal(answer.headers['set-cookie'], undefined, body)
    }
    const foreign = await post('intent=add', { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' })
    assert.ok(foreign.status === 400 || foreign.status === 403, `a post from another site answered ${foreign.status}`)
    assert.equal(foreign.headers['set-cookie'], undefined)
    const added = await post('intent=add&count=2')
    assert.equal(added.status, 200)
    assert.match(String(added.headers['set-cookie']), new RegExp(`^cart=2\\.\\d+\\.${product._id}~-~2; Max-Age=\\d+; Path=/; SameSite=Lax`))
    const gone = await request(port, host, '/products/00000000-0000-4000-8000-000000000000', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
      body: 'intent=add',
    })
    assert.equal(gone.status, 404)
  })

  it('keeps the checkout fields when the shopper leaves and comes back, and asks before emptying the cart', async () => {
    const product = await plainProduct()
    const origin = server().shopUrl(demo.slug)
    await slowPhone(async (page) => {
      await page.goto(`${origin}${productPath(product)}`)
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByText('Added to your cart.').waitFor()
      await page.goto(`${origin}/checkout`)
      // Typed once the scripts run, so the tab keeps it (before them a form post is what keeps it).
      await checkoutHydrated(page)
      const name = page.getByLabel('Your name')
      await name.fill('Ama Mensah')
      await page.getByLabel('Phone').fill('024 412 3456')

      // Away to the product, and back by the browser's own Back and by a fresh load: the fields are as they were.
      await page.locator('.cart-line-title a').click()
      await page.waitForURL(`${origin}${productPath(product)}`)
      await page.goBack()
      await checkoutHydrated(page)
      assert.equal(await page.getByLabel('Your name').inputValue(), 'Ama Mensah')
      await page.goto(`${origin}/products/`)
      await page.goto(`${origin}/checkout`)
      await checkoutHydrated(page)
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="name"]')?.value === 'Ama Mensah')
      assert.equal(await page.getByLabel('Phone').inputValue(), '024 412 3456')

      // Empty cart asks; keeping it keeps the line, emptying it empties.
      await page.getByRole('button', { name: 'Empty cart' }).click()
      await page.getByRole('group', { name: 'Empty your cart?' }).waitFor()
      await page.getByRole('button', { name: 'Keep it' }).click()
      assert.equal(await page.locator('.cart-line-title', { hasText: product.title }).count(), 1)
      await page.getByRole('button', { name: 'Empty cart' }).click()
      await page.getByRole('button', { name: 'Empty it' }).click()
      await page.getByText('Your cart is empty.').waitFor()
      const stored = (await readLocalStorage(page, 'cart')) as { items: unknown[] }
      assert.deepEqual(stored.items, [])
    })
  })

  it('logs in from a page whose scripts have not run, and comes back to it logged in', async () => {
    const product = await plainProduct()
    const origin = server().shopUrl(demo.slug)
    const { port } = server()
    await slowPhone(async (page, scripts) => {
      await scripts.block()
      await page.goto(`${origin}${productPath(product)}`)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/login')
      assert.ok(scripts.blocked() > 0, 'the product page asked for its scripts and got none')
      const started = (await page.context().cookies(origin)).find((cookie) => cookie.name === 'loginStart')
      assert.ok(started, 'the server keeps the login it started')
      assert.equal(new URL(page.url()).searchParams.get('state'), started.value.split('.')[0])

      // The login page needs no script; the page it returns to exchanges the code once its scripts run.
      await scripts.allow()
      await signIn(page, demo.shopper, demo.password)
      await page.waitForURL((url) => url.pathname === productPath(product) && !url.searchParams.has('code'))
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Your account/ }).waitFor()
      const user = (await readLocalStorage(page, 'user')) as { email: string } | null
      assert.equal(user?.email, demo.shopper)
      assert.ok(await readLocalStorage(page, 'authCredentials'), 'logged in as the scripted login does')
      assert.equal((await page.context().cookies(origin)).some((cookie) => cookie.name === 'loginStart'), false, 'the started login is used up')
    })
  })

  it('refuses a code whose state is not the one the server started', async () => {
    const origin = server().shopUrl(demo.slug)
    const { port } = server()
    await slowPhone(async (page) => {
      await page.goto(`${origin}/session/login?next=${encodeURIComponent('//elsewhere.example/')}`)
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/login')
      const started = (await page.context().cookies(origin)).find((cookie) => cookie.name === 'loginStart')
      assert.equal(started?.value.split('.')[1], '%2F', 'a return path to another site becomes the home page')
      await page.goto(`${origin}/?code=someone-elses-code&state=${'f'.repeat(64)}&c=1`)
      await page.getByText('This login link was not started on this page').waitFor()
      assert.equal(await readLocalStorage(page, 'user'), null)
    })
  })

  it('places the order from a checkout whose scripts have not run, with problems answered beside their fields', async () => {
    const product = await plainProduct()
    const origin = server().shopUrl(demo.slug)
    await slowPhone(async (page, scripts) => {
      await scripts.block()
      await page.goto(`${origin}${productPath(product)}`)
      await Promise.all([page.waitForURL(`${origin}${productPath(product)}`, { waitUntil: 'load' }), page.getByRole('button', { name: 'Add to cart' }).click()])
      await page.getByText('Added to your cart.').waitFor()

      await page.goto(`${origin}/checkout`)
      const place = page.getByRole('button', { name: 'Place order' })
      assert.equal(await place.isEnabled(), true, 'Place order can be pressed before the scripts')
      await page.getByLabel('Phone').fill('024 412 3456')
      await page.getByLabel('E-mail (optional)').fill('not-an-address')
      // Enter in a field applies a code (the form's first button) and never places the order by surprise.
      await page.getByLabel('Discount code').fill('NO-SUCH-CODE')
      await page.getByLabel('Discount code').press('Enter')
      await page.getByText('“NO-SUCH-CODE” is not a valid discount code.').waitFor()
      assert.equal(await page.getByLabel('Phone').inputValue(), '024 412 3456', 'what was typed is kept')
      await page.getByLabel('Discount code').fill('')

      await Promise.all([page.waitForURL(`${origin}/checkout`, { waitUntil: 'load' }), place.click()])
      await page.getByText('Enter your name, so the shop knows whom the order is for.').waitFor()
      await page.getByText('Enter an e-mail address like name@example.com, or leave it empty.').waitFor()
      assert.equal(await page.getByLabel('Phone').inputValue(), '024 412 3456')
      assert.equal(await page.locator('.cart-line-title', { hasText: product.title }).count(), 1, 'the cart is still there')

      await page.getByLabel('Your name').fill('Ama Mensah')
      await page.getByLabel('E-mail (optional)').fill('')
      await Promise.all([page.waitForURL(/\/orders\/[^/?]+\?key=[^&]+&placed=1$/, { waitUntil: 'commit' }), place.click()])
      assert.ok(scripts.blocked() > 0, 'the pages asked for their scripts and got none')
      const cart = (await page.context().cookies(origin)).find((cookie) => cookie.name === 'cart')
      assert.match(cart?.value ?? '', /^2\.\d+\.$/, 'the placed cart is emptied')

      // The order's page needs its scripts; once they run it thanks the buyer and the browser's cart is empty.
      await scripts.allow()
      await page.reload()
      await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor()
      await page.getByText(product.title).first().waitFor()
      await page.waitForFunction(() => localStorage.getItem('cart') !== null)
      assert.deepEqual(((await readLocalStorage(page, 'cart')) as { items: unknown[] }).items, [])
    })
  })

  it('places a posted order once for its key, and refuses bad posts with a 4xx that places nothing', async () => {
    const product = await plainProduct()
    const { port } = server()
    const host = `${demo.slug}.localhost:${port}`
    const cart = `cart=2.${Date.now()}.${product._id}~-~1`
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      request(port, host, '/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, cookie: cart, ...headers },
        body: new URLSearchParams(fields).toString(),
      })
    const order = { intent: 'place', attempt: `a${Date.now()}-works-before-scripts`, delivery: 'pick-up', name: 'Kofi Boateng', phone: '024 412 3456' }

    for (const [fields, headers, status] of [
      [{ ...order, intent: 'cancel' }, {}, 400],
      [{ ...order, name: '' }, {}, 400],
      [{ ...order, phone: 'call me' }, {}, 400],
      [{ ...order, delivery: 'dispatch' }, {}, 400],
      [{ ...order, delivery: 'dispatch', region: 'nowhere', address: 'Here' }, {}, 400],
      [order, { cookie: '' }, 400],
      [order, { cookie: 'cart=garbage' }, 400],
      // Refused before or by the action (as a cross-site Add to cart is).
      [order, { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' }, 403],
    ] as const) {
      const answer = await post(fields, headers)
      const expected = status === 403 ? [400, 403] : [status]
      assert.ok(expected.includes(answer.status), `${JSON.stringify([fields, headers])} answered ${answer.status}`)
      assert.equal(answer.headers['set-cookie'], undefined, 'nothing placed, the cart kept')
    }

    const first = await post(order)
    assert.equal(first.status, 303)
    assert.match(String(first.headers.location), /^\/orders\/[^/?]+\?key=[^&]+&placed=1$/)
    assert.match(String(first.headers['set-cookie']), /^cart=2\.\d+\.; Max-Age=\d+; Path=\/; SameSite=Lax/)
    // A second tap: the same order, whose private link was given once, so the page says where it was sent.
    const again = await post(order)
    assert.equal(again.status, 200)
    assert.match(again.body, /Your order <strong>[^<]+<\/strong> is placed/)
    const orders = await request(port, host, `${String(first.headers.location)}`.replace('/orders/', '/api/orders/').replace('&placed=1', ''))
    assert.equal(orders.status, 200, 'the private link opens the order')
  })

  it('keeps what was typed before the checkout scripts arrived once they run', async () => {
    const product = await plainProduct()
    const origin = server().shopUrl(demo.slug)
    await slowPhone(async (page) => {
      await page.context().addCookies([{ name: 'cart', value: `2.${Date.now()}.${product._id}~-~1`, url: origin }])
      let release = () => {}
      const arrived = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\.js(\?|$)/, async (route) => {
        await arrived
        await route.continue()
      })
      await page.goto(`${origin}/checkout`)
      await page.getByLabel('Your name').fill('Esi Owusu')
      await page.getByRole('radio', { name: /Delivery to your address/ }).check()
      release()
      await checkoutHydrated(page)
      // The typed name and the chosen delivery are the page's own now: the region appears, the tab keeps the draft.
      await page.getByLabel('Region').waitFor()
      assert.equal(await page.getByLabel('Your name').inputValue(), 'Esi Owusu')
      await page.waitForFunction(() => Object.keys(sessionStorage).some((key) => key.startsWith('checkout-draft:') && sessionStorage.getItem(key)!.includes('Esi Owusu')))
    })
  })

  it('does what a tap before the scripts asked once they have run: a step of the count, a picked option, a filter', async () => {
    const { port } = server()
    const origin = server().shopUrl(demo.slug)
    const host = `${demo.slug}.localhost:${port}`
    const shop = JSON.parse((await request(port, host, `/api/shops/${demo.slug}`)).body) as { _id: string }
    const list = JSON.parse((await request(port, host, `/api/products/?shop=${shop._id}&$limit=50`)).body) as { data: Listed[] }
    const withOptions = list.data.find((candidate) => candidate.variants.filter((variant) => variant.availability.level !== 'sold-out').length >= 2)
    assert.ok(withOptions, 'the demo shop sells a product with two options in stock')
    const plain = await plainProduct()
    // The offline copy's service worker would serve the scripts from its cache, out of the test's hold.
    const context = await browser().newContext({ viewport: SMALL_PHONE, serviceWorkers: 'block' })
    try {
      // "One more" is a button of the page's own: the tap is kept and done once the scripts have run.
      const page = await context.newPage()
      let scripts = await holdScripts(page)
      await page.goto(`${origin}${productPath(plain)}`)
      await page.getByRole('button', { name: 'One more' }).click()
      assert.equal(await page.evaluate(hydrated), false, 'the tap came before the scripts had run')
      await scripts.release()
      await page.waitForFunction(hydrated)
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('.add-to-cart input[type="number"]')?.value === '2')
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByText('Added to your cart.').waitFor()
      assert.deepEqual(
        ((await readLocalStorage(page, 'cart')) as { items: unknown[] }).items,
        [{ product: plain._id, variant: null, count: 2 }],
        'two were added, as the tap before the scripts asked',
      )

      // An option picked before the scripts is the one added once they run.
      await context.clearCookies()
      await page.evaluate(() => localStorage.clear())
      await page.unrouteAll()
      scripts = await holdScripts(page)
      const second = withOptions.variants.filter((variant) => variant.availability.level !== 'sold-out')[1]!
      await page.goto(`${origin}${productPath(withOptions)}`)
      await page.locator(`input[name="variant"][value="${second._id}"]`).check()
      assert.equal(await page.evaluate(hydrated), false, 'the option was picked before the scripts had run')
      await scripts.release()
      await page.waitForFunction(hydrated)
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByText('Added to your cart.').waitFor()
      assert.deepEqual(
        ((await readLocalStorage(page, 'cart')) as { items: unknown[] }).items,
        [{ product: withOptions._id, variant: second._id, count: 1 }],
        'the option picked before the scripts is the one in the cart',
      )

      // A filter chosen before the scripts is applied once they run.
      await context.clearCookies()
      await page.evaluate(() => localStorage.clear())
      await page.unrouteAll()
      scripts = await holdScripts(page)
      await page.goto(`${origin}/products/`)
      await page.getByText('Filter and sort').click()
      await page.getByLabel('Availability').selectOption('in-stock')
      assert.equal(await page.evaluate(hydrated), false, 'the filter was chosen before the scripts had run')
      await scripts.release()
      await page.waitForURL((url) => url.searchParams.get('stock') === 'in-stock')
    } finally {
      await context.close()
    }
  })
})
