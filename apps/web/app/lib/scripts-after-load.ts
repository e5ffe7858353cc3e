/**
 * A server-rendered page shows everything a shopper reads before its scripts run: the scripts only make it
 * interactive. React Router's `<Scripts />` asks for them at once, though: a module preload per file, at
 * high priority, beside the page's pictures. On a slow connection the scripts (about 110 KB) then take the
 * bandwidth while the first picture waits, and the largest paint comes late.
 *
 * So the page's scripts start once the page has loaded (its HTML, styles and visible pictures), or as soon
 * as the shopper touches, clicks or types, whichever comes first. On the server, `scriptsAfterLoad()`
 * (scripts-after-load.server.ts) rewrites the two tags that start them, and AFTER_LOAD_SCRIPT (an inline
 * script in the root layout, under the page's nonce) turns them back on in the browser. Links are plain
 * links until then, so a tap still navigates. Decision 49.
 */
const WAITING_REL = 'x-modulepreload'
const WAITING_TYPE = 'x-module'
/** The two tags as React Router writes them, and as they wait: a link and a script type browsers ignore. */
export const HELD = { preload: '<link rel="modulepreload"', module: ' type="module" async="">' }
export const WAITING = { preload: `<link rel="${WAITING_REL}"`, module: ` type="${WAITING_TYPE}">` }

/** Runs in the browser, before the rewritten tags: starts the scripts once. */
export const AFTER_LOAD_SCRIPT = `(() => {
  const events = ['pointerdown', 'keydown', 'touchstart']
  let started = false
  function start() {
    if (started) return
    started = true
    removeEventListener('load', start)
    for (const type of events) removeEventListener(type, start, true)
    for (const link of document.querySelectorAll('link[rel="${WAITING_REL}"]')) link.rel = 'modulepreload'
    for (const held of document.querySelectorAll('script[type="${WAITING_TYPE}"]')) {
      const script = document.createElement('script')
      script.type = 'module'
      script.nonce = held.nonce
      script.textContent = held.textContent
      held.replaceWith(script)
    }
  }
  if (document.readyState === 'complete') setTimeout(start)
  else addEventListener('load', start)
  for (const type of events) addEventListener(type, start, { capture: true, passive: true })
})()`
