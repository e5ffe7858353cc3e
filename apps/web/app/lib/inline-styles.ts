import { createContext, useContext } from 'react'

/** The id of the document's <style> element that holds the app's stylesheet. */
export const APP_STYLES_ID = 'app-styles'

/**
 * The app's stylesheet, inlined in the document's head so the first paint waits for no request (the
 * stylesheet is small; a separate file would queue behind the page's scripts on a slow connection).
 * entry.server.tsx provides the text on the server; in the browser it is read back from the document once,
 * before hydration, so the element renders the same on both sides and the scripts never carry it.
 */
export const InlineStylesContext = createContext<string>(
  typeof document === 'undefined' ? '' : (document.getElementById(APP_STYLES_ID)?.textContent ?? ''),
)

export function useInlineStyles(): string {
  return useContext(InlineStylesContext)
}
