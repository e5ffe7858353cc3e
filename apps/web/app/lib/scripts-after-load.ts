/**
 * A server-rendered page shows everything a shopper reads before its scripts run: the scripts only make it
 * interactive. React Router's `<Scripts />` asks for them at once, though: a module preload per file, at
 * high priority, beside the page's pictures. On a slow connection the scripts (about 110 KB) then take the
 * bandwidth while the first picture waits, and the largest paint comes late.
 *
 * So the page's scripts start once the page has loaded (its HTML, styles and visible pictures), or as soon
 * as the shopper touches, clicks or types, whichever comes first. On the server, `scriptsAfterLoad()`
 * (scripts-after-load.server.ts) rewrites the two tags that start them, and pageStartScript() (an inline
 * script in the root layout, under the page's nonce) turns them back on in the browser. Links are plain
 * links until then, so a tap still navigates. Decision 49; public pages that need no scripts wait for the
 * first touch instead (decision 113).
 */
const WAITING_REL = 'x-modulepreload'
const WAITING_TYPE = 'x-module'
/** The two tags as React Router writes them, and as they wait: a link and a script type browsers ignore. */
export const HELD = { preload: '<link rel="modulepreload"', module: ' type="module" async="">' }
export const WAITING = { preload: `<link rel="${WAITING_REL}"`, module: ` type="${WAITING_TYPE}">` }

/** How a page starts its scripts: at load (the dashboard, the account…) or at the first touch (decision 113). */
export type ScriptsStart = 'load' | 'touch'

/** A route's `handle` saying it needs no scripts to be read or used: they start at the first touch. */
export type ScriptsHandle = { scriptsAtFirstTouch?: true }

/** Whether a route handle asks for scripts at the first touch. */
export function startsAtFirstTouch(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as ScriptsHandle).scriptsAtFirstTouch === true
}

/** Called by the app once it has hydrated: replays the buttons tapped before (see pageStartScript). */
declare global {
  interface Window {
    shopletHydrated?: () => void
  }
}

/**
 * Runs in the browser, before the rewritten tags: starts the scripts once. With `start: 'load'` they start
 * when the page has loaded (or at the first touch, click or key, if sooner). With `start: 'touch'` a page
 * that can be read and used without them (decision 113) only fetches them into the cache once it has loaded
 * (a prefetch, which compiles nothing) and runs them at the first touch, key or focus, so a visit that only
 * reads spends nothing on them; they still start at load for a visitor the page must show something of the
 * browser's own: a session, a cart (either copy), or a login coming back (`?code=`).
 *
 * Until the app has hydrated, a tap on a button of the page's own (`type="button"`: a thumbnail, "Tell me
 * when it's back"…) has no handler yet: it is kept and clicked again once the app calls
 * `window.shopletHydrated()`. Links, submit buttons and forms need nothing: the browser does what they say.
 */
export function pageStartScript(start: ScriptsStart): string {
  return `(() => {
  const events = ['pointerdown', 'keydown', 'touchstart', 'focusin']
  let started = false
  const early = []
  function keep(event) {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (button && button.type === 'button' && !button.disabled && !early.includes(button)) early.push(button)
  }
  addEventListener('click', keep, true)
  window.shopletHydrated = () => {
    removeEventListener('click', keep, true)
    const taps = early.splice(0)
    setTimeout(() => {
      for (const button of taps) if (button.isConnected && !button.disabled) button.click()
    })
  }
  function fetchScripts() {
    for (const link of document.querySelectorAll('link[rel="${WAITING_REL}"]')) link.rel = 'modulepreload'
  }
  // Into the cache only: a module preload would also compile them, on the page's main thread.
  function prefetchScripts() {
    for (const link of document.querySelectorAll('link[rel="${WAITING_REL}"]')) {
      const prefetch = document.createElement('link')
      prefetch.rel = 'prefetch'
      prefetch.href = link.href
      document.head.append(prefetch)
    }
  }
  function start() {
    if (started) return
    started = true
    removeEventListener('load', afterLoad)
    for (const type of events) removeEventListener(type, start, true)
    fetchScripts()
    for (const held of document.querySelectorAll('script[type="${WAITING_TYPE}"]')) {
      const script = document.createElement('script')
      script.type = 'module'
      script.nonce = held.nonce
      script.textContent = held.textContent
      held.replaceWith(script)
    }
  }
  function stored(key) {
    try {
      return localStorage.getItem(key)
    } catch {
      return null
    }
  }
  function ownState() {
    if (stored('authCredentials')) return true
    if (/(^|; )cart=2\\.\\d+\\.[^;]/.test(document.cookie)) return true
    try {
      const cart = JSON.parse(stored('cart') || 'null')
      if (cart && Array.isArray(cart.items) && cart.items.length > 0) return true
    } catch {}
    return new URLSearchParams(location.search).has('code')
  }
  // The browser's storage is read at load, in a task of its own: its first read waits on the browser
  // process, which would lengthen the task that parses the page.
  function onLoad() {
    if (${JSON.stringify(start)} === 'load' || ownState()) start()
    else prefetchScripts()
  }
  function afterLoad() {
    setTimeout(onLoad)
  }
  if (document.readyState === 'complete') afterLoad()
  else addEventListener('load', afterLoad)
  for (const type of events) addEventListener(type, start, { capture: true, passive: true })
})()`
}
