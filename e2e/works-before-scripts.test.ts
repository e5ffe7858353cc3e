/**
 * A shop that works before its scripts do (issue 29, decisions 87–89), on a slow network (400 kbit/s, 400 ms)
 * and a 360 px phone: Add to cart is a form the server answers, the checkout shows the cart from its cookie
 * copy, the scripts then adopt it; the checkout keeps what was typed when the shopper leaves and comes back,
 * and Empty cart asks first. No timings are asserted: `npm run lighthouse` measures them.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { SMALL_PHONE, demo, readLocalStorage, request, useBrowser, useServer } from './fixtures'
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

/** A fresh 360 px phone on the slow network; ``scripts.block()` keeps every script of the page from arriving. */
async function slowPhone(run: (page: Page, scripts: { block(): Promise<void>; allow(): Promise<void>; blocked(): number }) => Promise<void>) {
  const context = await browser().newContext({ viewport: SMALL_PHONE })
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
      await page.getByRole('button', { name: 'Place order' }).and(page.locator(':enabled')).waitFor()
      assert.equal(await line.getByRole('spinbutton').isDisabled(), false, 'with its scripts the line can change')
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
      const name = page.getByLabel('Your name')
      await name.and(page.locator(':enabled')).waitFor()
      await name.fill('Ama Mensah')
      await page.getByLabel('Phone').fill('024 412 3456')

      // Away to the product, and back by the browser's own Back and by a fresh load: the fields are as they were.
      await page.locator('.cart-line-title a').click()
      await page.waitForURL(`${origin}${productPath(product)}`)
      await page.goBack()
      await page.getByLabel('Your name').and(page.locator(':enabled')).waitFor()
      assert.equal(await page.getByLabel('Your name').inputValue(), 'Ama Mensah')
      await page.goto(`${origin}/products/`)
      await page.goto(`${origin}/checkout`)
      await page.getByRole('button', { name: 'Place order' }).and(page.locator(':enabled')).waitFor()
      await page.waitForFunction(() => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === 'Ama Mensah')
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
})
