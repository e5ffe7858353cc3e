/**
 * The browser's localStorage under docs/product.md §3's key names, JSON-encoded, with change notifications so React
 * can follow it (other tabs via `storage` events, this tab via a custom event). On the server, and where
 * storage is unavailable, everything reads as absent.
 */
import { useMemo, useSyncExternalStore } from 'react'
import type { User } from '@shop/domain/schemas/auth'

/** docs/product.md §3 cart item: the product and variant ids (null when the product has none) and how many. */
export type StoredCartItem = { count: number; product: string; variant: string | null }

export type StoredValues = {
  authCredentials: { access_token: string; token_type: string }
  user: User
  /** Address (path + search + hash) to return to after logging in. */
  checkpoint: string
  /** docs/product.md §3: stored with version 2; any other version is discarded. */
  cart: { version: number; items: StoredCartItem[]; changed?: number }
  /** The analytics tracking id and when it expires (ms since the epoch). */
  tracking: { trackingId: string; expires: number }
}

export type StoreKey = keyof StoredValues

const CHANGE_EVENT = 'local-store-change'

function notify(key: StoreKey): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }))
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

function parse<K extends StoreKey>(raw: string | null): StoredValues[K] | null {
  if (raw === null) return null
  try {
    return JSON.parse(raw) as StoredValues[K]
  } catch {
    return null
  }
}

function readRaw(key: StoreKey): string | null {
  try {
    return storage()?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function readStored<K extends StoreKey>(key: K): StoredValues[K] | null {
  return parse<K>(readRaw(key))
}

export function writeStored<K extends StoreKey>(key: K, value: StoredValues[K]): void {
  try {
    storage()?.setItem(key, JSON.stringify(value))
  } catch {
    // Full or disabled storage: the value is simply not kept.
  }
  notify(key)
}

export function removeStored(...keys: StoreKey[]): void {
  for (const key of keys) {
    try {
      storage()?.removeItem(key)
    } catch {
      // Nothing to remove.
    }
    notify(key)
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

/**
 * A stored value that re-renders on change. The server (and hydration) sees null, so server HTML and the
 * first client render agree; the stored value appears right after hydration.
 */
export function useStored<K extends StoreKey>(key: K): StoredValues[K] | null {
  // The raw string is the snapshot: equal strings compare equal, so React does not loop.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  )
  return useMemo(() => parse<K>(raw), [raw])
}
