/**
 * The shops the platform has suspended (decision 98), as one process knows them: the list is read at most
 * once per `ttlMs` (a second by default), so asking costs no query on the hot paths. Suspending or
 * restoring in this process calls `forget`, which takes effect at once; another process sees it within
 * that second.
 */

/** A suspended shop: its id and every host that serves it (its platform address, its verified domains). */
export type SuspendedShop = { id: string; hosts: string[] }

export type SuspendedShops = {
  /** Whether any shop is suspended at all: most of the time none is, and the checks that need a query skip. */
  any(): Promise<boolean>
  /** Whether the shop is suspended. */
  has(shopId: string): Promise<boolean>
  /** Whether the host (lower case, port kept, as `requestHost` gives it) serves a suspended shop. */
  servesHost(host: string): Promise<boolean>
  /** Reads the list again on the next question (after a suspension or a restore in this process). */
  forget(): void
}

type Known = { ids: Set<string>; hosts: Set<string> }

export function createSuspendedShops(load: () => Promise<SuspendedShop[]>, ttlMs = 1000, now = Date.now): SuspendedShops {
  let loaded: { at: number; known: Promise<Known> } | null = null

  function known(): Promise<Known> {
    if (!loaded || now() - loaded.at >= ttlMs) {
      const entry = {
        at: now(),
        known: load().then((shops) => ({
          ids: new Set(shops.map((shop) => shop.id.toLowerCase())),
          hosts: new Set(shops.flatMap((shop) => shop.hosts.map((host) => host.toLowerCase()))),
        })),
      }
      loaded = entry
      // A failed read is not kept: the next question reads again.
      entry.known.catch(() => {
        if (loaded === entry) loaded = null
      })
    }
    return loaded.known
  }

  return {
    async any() {
      return (await known()).ids.size > 0
    },
    async has(shopId) {
      return (await known()).ids.has(shopId.toLowerCase())
    },
    async servesHost(host) {
      return (await known()).hosts.has(host.toLowerCase())
    },
    forget() {
      loaded = null
    },
  }
}
