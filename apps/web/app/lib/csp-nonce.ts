import { createContext, useContext } from 'react'

/**
 * The content security policy nonce of the page being rendered on the server (entry.server.tsx provides
 * it), for the inline scripts React Router emits. Undefined in the browser, where nothing inline is added.
 */
export const NonceContext = createContext<string | undefined>(undefined)

export function useNonce(): string | undefined {
  return useContext(NonceContext)
}
