/**
 * The storefront's service worker in Chromium (decision 43): a shopper who loses the network still opens
 * the pages they saw, with their cart; account and dashboard pages are never kept or served from a cache,
 * and logging out forgets the kept pages.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { demo, signIn, useBrowser, useServer, withPage } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

const shop = () => server().shopUrl(demo.slug)
const main = (page: Page) => page.getByRole('main')
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** Every request the service worker's caches hold, as `cache name path`. */
const cachedEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) entries.push(`${name} ${new URL(request.url).pathname}`)
    }
    return entries
  })

describe('offline storefront', { timeout: 180_000 }, () => {
  it('opens a visited product page offline with the cart kept, never an account or admin page', async () => {
    await withPage(browser(), async (page, context) => {
      await page.goto(shop())
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

      // A product seen and put in the cart.
      const title = 'Kente print shirt'
      await page.goto(`${shop()}/products/?q=kente`)
      await main(page).getByRole('link', { name: title }).click()
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      const productUrl = page.url()
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByText('Added to your cart.').waitFor()
      await nav(page).getByRole('link', { name: /Checkout.*1 item in your cart/ }).waitFor()
      // Opened once more by address, as a shopper coming back to it would.
      await page.goto(productUrl)
      await page.getByRole('heading', { level: 1, name: title }).waitFor()

      // Logged in as staff: the account and the dashboard are opened too.
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL((url) => url.pathname === '/login')
      await signIn(page, demo.owner, demo.password)
      // Back where the login started.
      await page.waitForURL((url) => url.host === new URL(shop()).host && url.pathname === new URL(productUrl).pathname && !url.search)
      await nav(page).getByRole('button', { name: /^Your account/ }).waitFor()
      await page.goto(`${shop()}/account`)
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor()
      await page.goto(`${shop()}/admin/products`)
      await main(page).getByRole('heading', { level: 1, name: 'Products' }).waitFor()
      await page.goto(`${shop()}/checkout`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()

      const entries = await cachedEntries(page)
      const productPath = new URL(productUrl).pathname
      assert.ok(entries.some((entry) => /^shoplet-pages-\S+ /.test(entry) && entry.endsWith(` ${productPath}`)), `the product page is kept: ${entries.join(', ')}`)
      assert.ok(entries.some((entry) => /^shoplet-assets-\S+ \/assets\//.test(entry)), 'the built assets are kept')
      const privateEntries = entries.filter((entry) => /\s\/(account|admin|checkout|login|api)\b/.test(entry))
      assert.deepEqual(privateEntries, [], 'nothing private is kept')

      // The network goes away.
      await context.setOffline(true)
      await page.goto(productUrl)
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      await nav(page).getByRole('link', { name: /Checkout.*1 item in your cart/ }).waitFor()

      // A public page never opened says so instead of failing.
      const unseen = await page.goto(`${shop()}/terms`)
      assert.equal(unseen?.status(), 503)
      await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor()
      // The account and the dashboard are not served from any cache: the browser cannot open them.
      await assert.rejects(page.goto(`${shop()}/account`), /ERR_INTERNET_DISCONNECTED/)
      await assert.rejects(page.goto(`${shop()}/admin/products`), /ERR_INTERNET_DISCONNECTED/)

      // Back online, logging out forgets the kept pages.
      await context.setOffline(false)
      await page.goto(`${shop()}/account`)
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor()
      await nav(page).getByRole('button', { name: /^Your account/ }).click()
      await page.getByRole('button', { name: 'Log out' }).click()
      await page.getByRole('button', { name: 'Log in' }).waitFor()
      await page.waitForFunction(async () => !(await caches.keys()).some((name) => name.startsWith('shoplet-pages-')))
    })
  })
})
