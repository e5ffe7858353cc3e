import type { PublicPromotion } from '@shop/domain/schemas/promotion'
import { getPromotionSettings, listPromotions } from '../../api/promotions/promotions'
import type { ApiClient } from '../../lib/api'
import type { ShopPromotions } from '../../lib/use-promotions'

/**
 * The shop's live promotions as a page loader reads them (anonymous: only the live ones), so "Free delivery
 * over GHS 300" is in the server's HTML, before the scripts run (decision 80). A promotion's change moves
 * the shop's `page_version`, so a cached page shows the new one; a window opening or closing meanwhile is
 * put right by the browser's own read once the scripts run. Without them the page still works: none.
 */
export async function livePromotions(api: ApiClient, shopId: string): Promise<ShopPromotions> {
  try {
    const [page, settings] = await Promise.all([listPromotions<PublicPromotion>(api, shopId), getPromotionSettings(api, shopId)])
    return { promotions: page.data, stacksWithCodes: settings.stacksWithCodes }
  } catch {
    return { promotions: [], stacksWithCodes: false }
  }
}
