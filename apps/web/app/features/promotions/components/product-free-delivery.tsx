import { subtotal } from '@shop/domain'
import { useMemo } from 'react'
import { useCartItems } from '../../../lib/cart/use-cart'
import { useCartLines } from '../../../lib/cart/use-cart-lines'
import { useSite } from '../../../lib/use-site'
import { type ShopPromotions, usePromotions } from '../../../lib/use-promotions'
import { FreeDeliveryNote } from '../../../components/free-delivery-note'

/**
 * The product page's "Free delivery over GHS 300" (from the loader's `initial`, so the server renders it),
 * with how far the cart is from it once the scripts know the cart. The cart's prices are fetched only when
 * the shop has such an offer.
 */
export function ProductFreeDelivery({ initial }: { initial: ShopPromotions }) {
  const { shop } = useSite()
  const promotions = usePromotions(shop?._id, initial)
  const items = useCartItems()
  const offered = promotions.promotions.some((p) => p.kind === 'free-delivery')
  const { lines } = useCartLines(shop?._id ?? '', offered ? items : [])
  const cartMinor = useMemo(
    () => subtotal(lines.filter((line) => line.product && !line.unavailable).map((line) => ({ unitPriceMinor: line.unitPriceMinor, count: line.item.count }))),
    [lines],
  )
  if (!shop || !offered) return null
  return <FreeDeliveryNote shop={promotions} subtotalMinor={items.length ? cartMinor : null} currency={shop.currency} />
}
