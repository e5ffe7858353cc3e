import type {
  Promotion,
  PromotionCreateInput,
  PromotionListItem,
  PromotionPatchInput,
  PromotionSettings,
} from '@shop/domain/schemas/promotion'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/**
 * `GET /api/promotions/?shop=`: staff who manage discounts get every promotion (`Promotion`); anyone
 * else the live ones as shoppers read them (`PublicPromotion`).
 */
export function listPromotions<T extends PromotionListItem>(client: ApiClient, shopId: string): Promise<Page<T>> {
  return client.get<Page<T>>('/api/promotions/', { query: { shop: shopId } })
}

/** `POST /api/promotions/` (managers and up). */
export function createPromotion(client: ApiClient, body: PromotionCreateInput): Promise<Promotion> {
  return client.post<Promotion>('/api/promotions/', body)
}

/** `PATCH /api/promotions/{id}` (managers and up). */
export function updatePromotion(client: ApiClient, id: string, body: PromotionPatchInput): Promise<Promotion> {
  return client.patch<Promotion>(`/api/promotions/${encodeURIComponent(id)}`, body)
}

/** `DELETE /api/promotions/{id}` (managers and up); orders keep what it gave them. */
export function deletePromotion(client: ApiClient, id: string): Promise<Promotion> {
  return client.delete<Promotion>(`/api/promotions/${encodeURIComponent(id)}`)
}

/** `GET /api/promotion-settings/{shop}`: whether promotions stack with discount codes. */
export function getPromotionSettings(client: ApiClient, shopId: string): Promise<PromotionSettings> {
  return client.get<PromotionSettings>(`/api/promotion-settings/${encodeURIComponent(shopId)}`)
}

/** `PATCH /api/promotion-settings/{shop}` (managers and up). */
export function setPromotionSettings(client: ApiClient, shopId: string, stacksWithCodes: boolean): Promise<PromotionSettings> {
  return client.patch<PromotionSettings>(`/api/promotion-settings/${encodeURIComponent(shopId)}`, { stacksWithCodes })
}
