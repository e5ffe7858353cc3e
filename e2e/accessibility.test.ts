/**
 * Accessibility and narrow screens (docs/architecture.md §12, docs/product.md §9 768px breakpoint): axe-core finds no violations on
 * any public or account page, at desktop width and at 375px; nothing is wider than a 375px screen; the
 * skip link and the account menu work from the keyboard.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { api, axeViolations, demo, describeViolations, logInPage, tokenFor, useBrowser, useServer } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

type Fixtures = { productPath: string; sharedPath: string; privatePath: string; orderPath: string; cart: string }

/** Data for the pages that need some: a product, a shared checkout, an anonymous and a shopper's order. */
async function prepare(): Promise<Fixtures> {
  const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
  const products = await api<{ data: { _id: string; variants: { _id: string }[] }[] }>(
    server(),
    'GET',
    `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`,
  )
  const withVariants = products.body.data.find((product) => product.variants.length > 1)!
  const plain = products.body.data.find((product) => product.variants.length === 0)!
  const items = [{ product: plain._id, count: 1 }]
  const shared = await api<{ _id: string }>(server(), 'POST', `/api/checkouts/?shop=${shop}&email=a11y@example.com`, {
    body: { items, delivery: { type: 'pick-up' } },
  })
  const anonymous = await api<{ privateUrl: string }>(server(), 'POST', `/api/orders/?shop=${shop}&email=a11y@example.com`, {
    body: { items, delivery: { type: 'pick-up' } },
  })
  const token = await tokenFor(server(), demo.shopper)
  const own = await api<{ _id: string }>(server(), 'POST', `/api/orders/?shop=${shop}`, {
    token,
    body: { items, delivery: { type: 'pick-up' } },
  })
  await api(server(), 'POST', `/api/checkouts/?shop=${shop}`, { token, body: { items, delivery: { type: 'pick-up' } } })
  assert.equal(own.status, 201)
  return {
    productPath: `/products/${withVariants._id}`,
    sharedPath: `/checkout/${shared.body._id}`,
    privatePath: anonymous.body.privateUrl,
    orderPath: `/account/orders/${own.body._id}`,
    cart: JSON.stringify({ version: 2, items: [{ count: 2, product: plain._id, variant: null }] }),
  }
}

/** Opens a page and waits until what loads in the browser has loaded. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.locator('h1').first().waitFor()
  await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0)
}

async function checkPage(page: Page, url: string, width: number, problems: string[]): Promise<void> {
  await open(page, url)
  const violations = await axeViolations(page)
  if (violations.length) problems.push(describeViolations(`${url} at ${width}px`, violations))
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  if (overflow > 0) problems.push(`${url} at ${width}px is ${overflow}px wider than the screen`)
}

async function checkAll(browserInstance: Browser, width: number, fixtures: Fixtures): Promise<string[]> {
  const problems: string[] = []
  const shopUrl = server().shopUrl(demo.slug)
  const context = await browserInstance.newContext({ viewport: { width, height: 800 } })
  try {
    const page = await context.newPage()
    for (const path of [
      '/',
      '/products/',
      '/products/?q=kente&sort=price&direction=asc&stock=in-stock',
      fixtures.productPath,
      '/checkout',
      '/about',
      '/reviews',
      '/terms',
      '/privacy',
      '/no/such/page',
      fixtures.sharedPath,
      fixtures.privatePath,
    ]) {
      await checkPage(page, `${shopUrl}${path}`, width, problems)
    }
    await checkPage(page, server().platformUrl, width, problems)

    // The checkout with a cart, and with delivery chosen.
    await page.goto(`${shopUrl}/terms`)
    await page.evaluate((cart) => window.localStorage.setItem('cart', cart), fixtures.cart)
    await open(page, `${shopUrl}/checkout`)
    await page.getByRole('radio', { name: /Delivery to your address/ }).check()
    await page.getByLabel('Region').selectOption({ label: 'Ashanti' })
    await page.getByRole('radio', { name: /Southern regions/ }).waitFor()
    await page.getByRole('button', { name: 'Place order' }).click()
    await page.getByText('Enter the delivery address.').waitFor()
    const checkout = await axeViolations(page)
    if (checkout.length) problems.push(describeViolations(`/checkout with a cart at ${width}px`, checkout))

    await logInPage(server(), page, demo.shopper)
    for (const path of ['/account', '/account/profile', '/account/notifications', '/account/orders', fixtures.orderPath, '/account/checkouts', '/reviews']) {
      await checkPage(page, `${shopUrl}${path}`, width, problems)
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Your account/ }).click()
    await page.getByRole('link', { name: 'Profile' }).first().waitFor()
    const menu = await axeViolations(page)
    if (menu.length) problems.push(describeViolations(`the open account menu at ${width}px`, menu))
  } finally {
    await context.close()
  }
  return problems
}

describe('accessibility', { timeout: 240_000 }, () => {
  let fixtures: Fixtures | undefined
  const data = async () => (fixtures ??= await prepare())

  it('has no axe violations and no sideways scrolling on every page at 1280px', async () => {
    const problems = await checkAll(browser(), 1280, await data())
    assert.deepEqual(problems, [])
  })

  it('has no axe violations and no sideways scrolling on every page at 375px', async () => {
    const problems = await checkAll(browser(), 375, await data())
    assert.deepEqual(problems, [])
  })

  it('shops on a 375px-wide screen: search, product, cart and checkout', async () => {
    const context = await browser().newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
    try {
      const page = await context.newPage()
      const shopUrl = server().shopUrl(demo.slug)
      await open(page, shopUrl)
      const nav = page.getByRole('navigation', { name: 'Main' })
      for (const name of ['About us', 'Reviews']) assert.ok(await nav.getByRole('link', { name }).isVisible(), `${name} is on screen`)
      const search = nav.getByRole('searchbox', { name: 'Search products' })
      await search.fill('sandals')
      await search.press('Enter')
      await page.getByRole('heading', { level: 1, name: 'Results for “sandals”' }).waitFor()
      await page.getByRole('main').getByRole('link', { name: 'Leather sandals, tan' }).tap()
      await page.getByRole('button', { name: 'Add to cart' }).tap()
      await nav.getByRole('link', { name: /Checkout.*1 item in your cart/ }).tap()
      await page.getByRole('heading', { name: 'Your cart' }).waitFor()
      await page.getByLabel('E-mail (optional)').fill('small@example.com')
      await page.getByLabel('Your name').fill('Small Screen')
      await page.getByLabel('Phone').fill('024 412 3456')
      const place = page.getByRole('button', { name: 'Place order' })
      await place.scrollIntoViewIfNeeded()
      assert.ok(await place.isVisible())
      const box = await place.boundingBox()
      assert.ok(box && box.x >= 0 && box.x + box.width <= 375, 'the button fits the screen')
      await place.tap()
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor()
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375)
    } finally {
      await context.close()
    }
  })

  it('works from the keyboard: skip link, search, account menu', async () => {
    const context = await browser().newContext()
    try {
      const page = await context.newPage()
      await logInPage(server(), page, demo.shopper)
      await open(page, server().shopUrl(demo.slug))
      await page.keyboard.press('Tab')
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content')
      await page.keyboard.press('Enter')
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main')

      const nav = page.getByRole('navigation', { name: 'Main' })
      await nav.getByRole('searchbox', { name: 'Search products' }).focus()
      await page.keyboard.type('honey')
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { level: 1, name: 'Results for “honey”' }).waitFor()

      const toggle = nav.getByRole('button', { name: /^Your account/ })
      await toggle.focus()
      await page.keyboard.press('Enter')
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true')
      await page.keyboard.press('Tab')
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Profile')
      await page.keyboard.press('Escape')
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
      assert.equal(await page.evaluate(() => document.activeElement?.className), 'account-toggle')
    } finally {
      await context.close()
    }
  })
})
