import { useEffect, useMemo, useState } from 'react'
import type { StockCheck } from '@shop/domain/schemas/catalog'
import { checkStock } from '../../../api/products/check-stock'
import { api } from '../../../lib/api'
import { type CartItem, lineKey } from '../../../lib/cart/cart'

export type LineStock = StockCheck['items'][number]

/**
 * The cart's lines checked against the stock whenever they change, so a shopper learns before "Place
 * order" that a line asks for more than there is. Only the latest answer counts; a failed check shows
 * nothing (placing the order still refuses what is not there).
 */
export function useStockCheck(shopId: string, items: CartItem[]): Map<string, LineStock> {
  const request = useMemo(
    () => JSON.stringify(items.map((item) => ({ product: item.product, variant: item.variant, count: item.count }))),
    [items],
  )
  const [answer, setAnswer] = useState<{ request: string; lines: Map<string, LineStock> } | null>(null)

  useEffect(() => {
    const asked = JSON.parse(request) as StockCheck['items']
    if (asked.length === 0) return
    const controller = new AbortController()
    checkStock(api, { shop: shopId, items: asked.map(({ product, variant, count }) => ({ product, variant, count })) }, controller.signal).then(
      (found) => setAnswer({ request, lines: new Map(found.items.map((line) => [lineKey(line), line])) }),
      () => undefined,
    )
    return () => controller.abort()
  }, [shopId, request])

  // The last answer stays shown while a new one is asked, for the lines it still describes.
  return answer?.lines ?? EMPTY
}

const EMPTY = new Map<string, LineStock>()
