import { toMinor, variantOffer } from '@shop/domain'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Product, ProductVariant } from '@shop/domain/schemas/catalog'
import { api, errorMessage } from '../api'
import { listProducts } from '../../api/products/list-products'
import type { CartItem } from './cart'

export type CartLine = {
  item: CartItem
  product: Product | null
  variant: ProductVariant | null
  /** The product (or its variant) is gone from the shop: it cannot be ordered. */
  unavailable: boolean
  /** docs/product.md §9 displayed price of one unit, minor units (0 while unknown). */
  unitPriceMinor: number
}

/**
 * The cart's items with their products as the shop sells them now (fresh prices and stock), fetched in
 * one call for the ids not fetched yet (nor `known`).
 */
export function useCartLines(shopId: string, items: CartItem[], known?: { ids: string[]; products: Product[] }) {
  // `known`: what the server already looked up (the checkout's cart from its cookie, decision 87).
  const [products, setProducts] = useState<Map<string, Product>>(() => new Map(known?.products.map((product) => [product._id, product])))
  const [fetched, setFetched] = useState<Set<string>>(() => new Set(known?.ids))
  /** The last failure, for the request it belongs to (a new request or a retry starts without one). */
  const [failure, setFailure] = useState<{ request: string; message: string } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const ids = useMemo(() => [...new Set(items.map((item) => item.product))].sort(), [items])
  const missing = useMemo(() => ids.filter((id) => !fetched.has(id)), [ids, fetched])
  const missingKey = missing.join(',')
  const request = `${missingKey}#${attempt}`
  const error = failure?.request === request ? failure.message : null

  useEffect(() => {
    if (!missingKey) return
    const wanted = missingKey.split(',')
    let live = true
    // The cart's products in one call; unavailable ones are left out.
    listProducts(api, { shop: shopId, available: true, _id: { $in: wanted }, $limit: 100 }).then(
      ({ data: found }) => {
        if (!live) return
        setProducts((current) => new Map([...current, ...found.map((product) => [product._id, product] as const)]))
        setFetched((current) => new Set([...current, ...wanted]))
      },
      (problem: unknown) => live && setFailure({ request: `${missingKey}#${attempt}`, message: errorMessage(problem) }),
    )
    return () => {
      live = false
    }
  }, [shopId, missingKey, attempt])

  const lines: CartLine[] = useMemo(
    () =>
      items.map((item) => {
        const product = products.get(item.product) ?? null
        const variant = product?.variants.find((candidate) => candidate._id === item.variant) ?? null
        const wrongVariant = !!product && (product.variants.length > 0 ? !variant : item.variant !== null)
        const unavailable = fetched.has(item.product) && (!product || wrongVariant)
        // The variant's own price when it has one: what the checkout charges.
        const unitPriceMinor = product ? toMinor(variantOffer(product, variant?._id).unitPrice) : 0
        return { item, product, variant, unavailable, unitPriceMinor }
      }),
    [items, products, fetched],
  )

  const retry = useCallback(() => setAttempt((value) => value + 1), [])
  return { lines, loading: missing.length > 0 && !error, error, retry }
}
