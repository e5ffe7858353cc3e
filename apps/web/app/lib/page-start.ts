import { createContext, useContext } from 'react'
import type { ScriptsStart } from './scripts-after-load'

/** The id of the root layout's inline script that starts the page (scripts, visit count, service worker). */
export const PAGE_START_ID = 'page-start'

/** The inline script for a page: how its scripts start, and the shop whose visit it counts (null: none). */
export type PageStartBuilder = (start: ScriptsStart, shopId: string | null) => string

// In the browser the script has run already: its text is read back once, before hydration, so the element
// renders the same on both sides and the app's scripts never carry what builds it.
const written = typeof document === 'undefined' ? '' : (document.getElementById(PAGE_START_ID)?.textContent ?? '')

/** entry.server.tsx provides the builder (page-start.server.ts); the browser's answers what the page had. */
export const PageStartContext = createContext<PageStartBuilder>(() => written)

export function usePageStart(): PageStartBuilder {
  return useContext(PageStartContext)
}
