/**
 * The shopper's journeys on a slow network, part of `npm run lighthouse`: 400 kbit/s each way and 400 ms of
 * latency (Chromium's DevTools throttling), a 360 px wide phone, each run a first visit (fresh context, no
 * cache, no storage). Times are from the start of each page's navigation:
 *
 * - product: until "Add to cart" can be pressed (present and not disabled);
 * - checkout: after pressing it (as soon as it could be) and opening /checkout, until the cart's line shows
 *   and until "Place order" can be pressed.
 *
 * Lighthouse scores one load; these say when the page is of use to a shopper, which is what scripts that
 * start late (decision 49) or hydrate slowly delay.
 */
import type { Browser, Page } from 'playwright-core'

export const SLOW_NETWORK = { latencyMs: 400, kbitPerSecond: 400 }
const PHONE_360 = { width: 360, height: 740 }

export type JourneyFigures = { addToCartMs: number; checkoutCartMs: number; placeOrderMs: number }

/** Milliseconds from the start of the page's navigation until a button labelled `label` can be pressed. */
async function msUntilButton(page: Page, label: string): Promise<number> {
  const handle = await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === text && !button.disabled)
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
      [...document.querySelectorAll('.cart-line-title')].some((line) => line.textContent?.includes(text)) ? performance.now() : false,
    title,
    { polling: 25, timeout: 60_000 },
  )
  return (await handle.jsonValue()) as number
}

/** One cold run of both journeys on `productUrl` of the shop at `origin`. */
export async function journeyRun(browser: Browser, origin: string, productUrl: string, productTitle: string): Promise<JourneyFigures> {
  const context = await browser.newContext({ viewport: PHONE_360 })
  try {
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

    await page.goto(productUrl, { waitUntil: 'commit' })
    const addToCartMs = await msUntilButton(page, 'Add to cart')
    await Promise.all([
      // A form that posts to the server navigates; a script adds in place. Either way the cart holds it next.
      page.waitForLoadState('domcontentloaded'),
      page.getByRole('button', { name: 'Add to cart' }).click(),
    ])
    await page.getByText(/Added to your cart|already in your cart/).waitFor({ timeout: 60_000 })

    await page.goto(`${origin}/checkout`, { waitUntil: 'commit' })
    const checkoutCartMs = await msUntilCartLine(page, productTitle)
    const placeOrderMs = await msUntilButton(page, 'Place order')
    return { addToCartMs, checkoutCartMs, placeOrderMs }
  } finally {
    await context.close()
  }
}
