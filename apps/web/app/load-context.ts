/**
 * What the API process passes to every loader and action (built in apps/api/src/web/ssr.ts, which keeps a
 * structural copy of this type — change both together).
 */
import type { Shop } from '@shop/domain/schemas/shop'

/** The API called in-process: same routes, validation and mappers, no network. */
export type InProcessApi = (
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Response>

declare module 'react-router' {
  interface AppLoadContext {
    /** The shop this host serves, or null on the platform's own host. */
    shop: Shop | null
    platform: { name: string; url: string }
    api: InProcessApi
    /** The content security policy nonce of this answer: entry.server.tsx puts it on the inline scripts. */
    nonce: string
    /** The request's log in the API process: its lines carry the request id (`reqId`). */
    log: { error(details: { err: unknown }, message: string): void }
  }
}
