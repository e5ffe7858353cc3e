import { formatMinor } from '@shop/domain'
import { freeDeliveryOffer } from '../lib/promotion-totals'
import type { ShopPromotions } from '../lib/use-promotions'

/**
 * "Free delivery over GHS 300" and how far the cart is from it ("Add GHS 45.00 more for free delivery"),
 * or that it has it. Nothing when the shop has no live free-delivery promotion. `subtotalMinor` null: the
 * cart is not known here (say only the offer).
 */
export function FreeDeliveryNote({ shop, subtotalMinor, currency }: { shop: ShopPromotions; subtotalMinor: number | null; currency: string }) {
  const offer = freeDeliveryOffer(shop, subtotalMinor ?? 0)
  if (!offer) return null
  const where = offer.regions.length ? ' (some regions)' : ''
  return (
    <p className="free-delivery-note" role="status">
      <strong>
        {offer.label}
        {where}
      </strong>
      {subtotalMinor !== null && subtotalMinor > 0 && (
        <span>
          {' · '}
          {offer.missingMinor > 0
            ? `Add ${formatMinor(offer.missingMinor, currency)} more for free delivery`
            : 'Your order gets free delivery'}
        </span>
      )}
    </p>
  )
}
