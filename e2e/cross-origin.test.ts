/**
 * Cross-origin calls in a real browser (docs/product.md §7: the client calls the provider's API host with the stored
 * token, sending credentials). A page on a shop's origin PATCHes a product on the platform's host and the
 * browser lets it through; the same call from an origin that is no site of the platform is stopped by the
 * browser at the preflight, so the PATCH is never sent.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { api, demo, tokenFor, useBrowser, useServer } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

type Product = { _id: string; title: string }
type Outcome = { status: number; body: Product } | { failed: string }

async function demoProduct(): Promise<Product> {
  const shop = await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)
  const list = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shop.body._id}&$limit=1`)
  return list.body.data[0]!
}

async function currentTitle(id: string): Promise<string> {
  return (await api<Product>(server(), 'GET', `/api/products/${id}`)).body.title
}

/**
 * Opens a page of `origin` and, from it, PATCHes the product on the platform's host the way docs/product.md §7's
 * client does. Answers what the page's script saw, and what Chromium said about CORS on the console.
 */
async function patchFrom(origin: string, productId: string, token: string, title: string): Promise<{ outcome: Outcome; console: string[] }> {
  // Our own pages allow connections to their own host only (connect-src 'self'); docs/product.md §7's client is an
  // app with a policy of its own, so the page's policy is set aside here and CORS alone decides.
  const context = await browser().newContext({ bypassCSP: true })
  const messages: string[] = []
  try {
    const page = await context.newPage()
    page.on('console', (message) => messages.push(message.text()))
    await page.goto(`${origin}/`)
    assert.equal(new URL(page.url()).origin, origin, 'the page stays on its own origin')
    const outcome = await page.evaluate(
      async ({ url, token, title }): Promise<Outcome> => {
        try {
          const response = await fetch(url, {
            method: 'PATCH',
            credentials: 'include',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ title }),
          })
          return { status: response.status, body: (await response.json()) as Product }
        } catch (error) {
          return { failed: String(error) }
        }
      },
      { url: `${server().platformUrl}/api/products/${productId}`, token, title },
    )
    return { outcome, console: messages }
  } finally {
    await context.close()
  }
}

describe('cross-origin API calls from a browser', { timeout: 120_000 }, () => {
  it("lets a page on a shop's origin PATCH through the platform's host", async () => {
    const token = await tokenFor(server(), demo.owner)
    const product = await demoProduct()
    const { outcome, console: log } = await patchFrom(server().shopUrl(demo.slug), product._id, token, 'Renamed from the shop')
    assert.ok('status' in outcome, `the browser blocked the call: ${JSON.stringify(outcome)} ${log.join(' | ')}`)
    assert.equal(outcome.status, 200, JSON.stringify(outcome.body))
    assert.equal(outcome.body.title, 'Renamed from the shop')
    assert.equal(await currentTitle(product._id), 'Renamed from the shop')
  })

  it('stops the same call from an origin that is no site of the platform, before it is sent', async () => {
    const token = await tokenFor(server(), demo.owner)
    const product = await demoProduct()
    const { port } = server()
    const { outcome, console: log } = await patchFrom(`http://no-such-shop.localhost:${port}`, product._id, token, 'Renamed by a stranger')
    assert.ok('failed' in outcome, `the browser let the call through: ${JSON.stringify(outcome)}`)
    assert.match(log.join('\n'), /blocked by CORS policy/)
    assert.notEqual(await currentTitle(product._id), 'Renamed by a stranger')
  })
})
