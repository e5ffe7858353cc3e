/**
 * The content security policy in a real browser: server-rendered pages give every inline script the
 * policy's nonce, and a shopper, the login page, the dashboard, the test pay page and the API browser run
 * without a single violation reported.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { api, demo, request, signIn, useBrowser, useServer, watchCspViolations, withPage } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

const shop = () => server().shopUrl(demo.slug)
const shopId = async () => (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id

/** The nonce the page's policy allows for scripts. */
function policyNonce(header: string | string[] | undefined): string {
  assert.equal(typeof header, 'string', 'one content-security-policy header')
  const scriptSrc = String(header)
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
  assert.ok(scriptSrc, 'a script-src directive')
  assert.ok(!scriptSrc.includes("'unsafe-inline'"))
  const nonce = scriptSrc.find((source) => source.startsWith("'nonce-"))
  assert.ok(nonce, 'a nonce for scripts')
  return nonce.slice("'nonce-".length, -1)
}

describe('content security policy', { timeout: 120_000 }, () => {
  it('gives every inline script of a server-rendered page the nonce of its policy, and no inline style attribute', async () => {
    const { port } = server()
    const products = await api<{ data: { _id: string }[] }>(server(), 'GET', `/api/products/?shop=${await shopId()}&$limit=1`)
    const nonces = new Set<string>()
    // A product's readable address: its id alone answers a redirect to it.
    const productPage = (await request(port, `demo.localhost:${port}`, `/products/${products.body.data[0]!._id}`)).headers.location!
    for (const path of ['/', '/products/', productPage, '/about']) {
      const page = await request(port, `demo.localhost:${port}`, path)
      assert.equal(page.status, 200, path)
      const nonce = policyNonce(page.headers['content-security-policy'])
      nonces.add(nonce)
      const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!)
      // Structured data (`type="application/ld+json"`) is a data block the browser never runs: no nonce needed.
      const inline = scripts.filter((attributes) => !/\bsrc=/.test(attributes) && !/\btype="application\/ld\+json"/.test(attributes))
      assert.ok(inline.length >= 2, `${path}: React Router's inline scripts`)
      for (const attributes of inline) assert.match(attributes, new RegExp(`\\bnonce="${nonce.replace(/[+/]/g, '\\$&')}"`), path)
      for (const attributes of scripts.filter((found) => /\bsrc=/.test(found))) assert.match(attributes, /\bsrc="\/assets\//, path)
      assert.doesNotMatch(page.body, /\sstyle="/, `${path}: a style attribute would be refused`)
    }
    assert.equal(nonces.size, 4, 'a new nonce for every page')
  })

  it('reports no violation while shopping, logging in on the login page and working in the dashboard', async () => {
    await withPage(browser(), async (page) => {
      const violations = await watchCspViolations(page)
      await page.goto(`${shop()}/products/?q=honey`)
      await page.getByRole('main').getByRole('link', { name: 'Volta forest honey, 500 g' }).click()
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByText('Added to your cart.').waitFor()
      await page.goto(`${shop()}/checkout`)
      await page.getByRole('heading', { name: 'Your cart' }).waitFor()
      await page.getByRole('radio', { name: /Delivery to your address/ }).check()
      await page.getByLabel('Region').selectOption({ label: 'Greater Accra' })
      await page.getByRole('radio', { name: /Greater Accra standard/ }).waitFor()

      // The login page's form posts here and is redirected to the shop: form-action must allow both.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL((url) => url.pathname === '/login')
      await page.getByRole('heading', { level: 2, name: 'Log in' }).waitFor()
      await signIn(page, demo.owner, demo.password)
      await page.waitForURL((url) => url.host === new URL(shop()).host && url.pathname === '/checkout' && !url.search)

      for (const [path, heading] of [
        ['/admin/overview', 'Overview'],
        ['/admin/products', 'Products'],
        ['/admin/management', 'Management'],
      ] as const) {
        await page.goto(`${shop()}${path}`)
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      }
      await page.getByRole('region', { name: 'Staff' }).getByRole('list').waitFor()
      assert.deepEqual(violations(), [])
    })
  })

  it('reports no violation on the test pay page and its way back to the order', async () => {
    const shop = await shopId()
    const products = await api<{ data: { _id: string; variants: unknown[] }[] }>(
      server(),
      'GET',
      `/api/products/?shop=${shop}&available=true&inStock=true&$limit=20`,
    )
    const product = products.body.data.find((candidate) => candidate.variants.length === 0)!
    const order = await api<{ _id: string; payment: { redirectUrl: string } }>(server(), 'POST', `/api/orders/?shop=${shop}&email=csp@example.com`, {
      body: { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' }, payment: { provider: 'test' } },
    })
    assert.equal(order.status, 201)
    await withPage(browser(), async (page) => {
      const violations = await watchCspViolations(page)
      await page.goto(order.body.payment.redirectUrl)
      await page.getByRole('heading', { level: 1, name: 'Demonstration payment' }).waitFor()
      await page.getByRole('button', { name: 'Pay now' }).click()
      await page.waitForURL((url) => url.pathname === `/orders/${order.body._id}`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      assert.deepEqual(violations(), [])
    })
  })

  it('reports no violation in the API browser', async () => {
    await withPage(browser(), async (page) => {
      const violations = await watchCspViolations(page)
      await page.goto(`${server().platformUrl}/api/docs/`)
      await page.getByText('Multi-tenant shop API').first().waitFor()
      await page.getByText('/api/request-login').first().waitFor()
      assert.deepEqual(violations(), [])
    })
  })
})
