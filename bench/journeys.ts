/**
 * The shopper's journeys on a slow network, part of `npm run lighthouse`: 400 kbit/s each way and 400 ms of
 * latency (Chromium's DevTools throttling), a 360 px wide phone, each run a first visit (fresh context, no
 * cache, no storage). Times are from the start of each page's navigation:
 *
 * - product: until "Add to cart" can be pressed (present and not disabled);
 * - checkout: after pressing it (as soon as it could be), a first visit to /checkout with that cart (its
 *   cookies and storage, nothing cached), until the cart's line shows and until "Place order" can be pressed
 *   (present and not disabled: before the scripts run it posts the form, decision 90).
 *
 * Lighthouse scores one load; these say when the page is of use to a shopper, which is what scripts that
 * start late (decision 49) or hydrate slowly delay.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'

export const SLOW_NETWORK = { latencyMs: 400, kbitPerSecond: 400 }
const PHONE_360 = { width: 360, height: 740 }

export type JourneyFigures = { addToCartMs: number; checkoutCartMs: number; placeOrderMs: number }

/** Milliseconds from the start of the page's navigation until a button labelled `label` can be pressed. */
async function msUntilButton(page: Page, label: string): Promise<number> {
  const handle = await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('button')].some((button) => button.textContent.trim() === text && !button.disabled)
        ? performance.now()
        : false,
    label,
    { polling: 25, timeout: 60_000 },
  )
  return (await handle.jsonValue()) as number
}

/** Milliseconds from the start of the page's navigation until the cart shows a line titled `title`. */
async function msUntilCartLine(page: Page, title: string): Promise<number> {
  const handle = await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('.cart-line-title')].some((line) => line.textContent.includes(text)) ? performance.now() : false,
    title,
    { polling: 25, timeout: 60_000 },
  )
  return (await handle.jsonValue()) as number
}

/** A fresh phone on the slow network with nothing cached; `state`: cookies and storage to start with. */
async function slowPhone(browser: Browser, state?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ viewport: PHONE_360, storageState: state })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const bytesPerSecond = (SLOW_NETWORK.kbitPerSecond * 1000) / 8
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_NETWORK.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  })
  return { context, page }
}

/**
 * One cold run of both journeys on `productUrl` of the shop at `origin`. The checkout is opened as a first
 * visit too (nothing cached), with the cart (its cookies and storage) the product page left.
 */
export async function journeyRun(browser: Browser, origin: string, productUrl: string, productTitle: string): Promise<JourneyFigures> {
  const shopping = await slowPhone(browser)
  let state: Awaited<ReturnType<BrowserContext['storageState']>>
  let addToCartMs: number
  try {
    const { page } = shopping
    await page.goto(productUrl, { waitUntil: 'commit' })
    addToCartMs = await msUntilButton(page, 'Add to cart')
    // A form that posts to the server navigates; a script adds in place. Either way the cart holds it next.
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.getByText(/Added to your cart|already in your cart/).waitFor({ timeout: 60_000 })
    state = await shopping.context.storageState()
  } finally {
    await shopping.context.close()
  }

  const paying = await slowPhone(browser, state)
  try {
    const { page } = paying
    await page.goto(`${origin}/checkout`, { waitUntil: 'commit' })
    const checkoutCartMs = await msUntilCartLine(page, productTitle)
    const placeOrderMs = await msUntilButton(page, 'Place order')
    return { addToCartMs, checkoutCartMs, placeOrderMs }
  } finally {
    await paying.context.close()
  }
}
