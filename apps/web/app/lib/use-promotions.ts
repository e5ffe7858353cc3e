import { useEffect, useState } from 'react'
import type { PromotionListItem, PublicPromotion } from '@shop/domain/schemas/promotion'
import { listPromotions, getPromotionSettings } from '../api/promotions/promotions'
import { api } from './api'

export type ShopPromotions = { promotions: PublicPromotion[]; stacksWithCodes: boolean }

const noPromotions: ShopPromotions = { promotions: [], stacksWithCodes: false }
const cache = new Map<string, Promise<ShopPromotions>>()

/** The shop's live promotions and its stacking setting, read once per page load (decision 80). */
function load(shopId: string): Promise<ShopPromotions> {
  let found = cache.get(shopId)
  if (!found) {
    found = Promise.all([listPromotions<PromotionListItem>(api, shopId), getPromotionSettings(api, shopId)])
      // Staff who manage discounts are answered every promotion: only the live ones apply.
      .then(([page, settings]) => ({ promotions: page.data.filter((p) => p.live !== false), stacksWithCodes: settings.stacksWithCodes }))
      .catch(() => {
        // Promotions only add to a page: without them the server still applies them to the order.
        cache.delete(shopId)
        return noPromotions
      })
    cache.set(shopId, found)
  }
  return found
}

/**
 * The live promotions shoppers read: `initial` (the page loader's, so the server's render says them too)
 * until the browser's own read arrives: the product page and the cart say "Free delivery over GHS 300";
 * the checkout's estimate applies them as the server will.
 */
export function usePromotions(shopId: string | undefined, initial: ShopPromotions = noPromotions): ShopPromotions {
  const [state, setState] = useState<ShopPromotions>(initial)
  useEffect(() => {
    if (!shopId) return
    let current = true
    void load(shopId).then((found) => current && setState(found))
    return () => {
      current = false
    }
  }, [shopId])
  return state
}
