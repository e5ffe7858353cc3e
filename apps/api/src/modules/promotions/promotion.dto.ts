/** Row → response mappers for promotions. Only the fields listed here ever reach a client. */
import { type AppliedPromotion, type PromotionRule, promotionLabel, promotionLive, toMajor } from '@shop/domain'
import type { AppliedPromotions as AppliedWire, Promotion, PublicPromotion } from '@shop/domain/schemas/promotion'
import type { AppliedPromotions } from '../../db/schema'
import type { PromotionRow } from './promotion.repository'

export function ruleOf(row: PromotionRow): PromotionRule {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    value: row.value,
    minSubtotalMinor: row.minSubtotalMinor,
    regions: row.regions,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    active: row.active,
  }
}

export function publicPromotionDto(row: PromotionRow, currency: string): PublicPromotion {
  return {
    _id: row.id,
    kind: row.kind,
    label: promotionLabel(row, currency),
    value: row.kind === 'fixed' ? toMajor(row.value) : row.value,
    minSubtotal: toMajor(row.minSubtotalMinor),
    currency,
    regions: [...row.regions],
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  }
}

export function promotionDto(row: PromotionRow, currency: string, now: Date): Promotion {
  return {
    ...publicPromotionDto(row, currency),
    shop: row.shopId,
    name: row.name,
    active: row.active,
    live: promotionLive(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const appliedDto = (applied: AppliedPromotion | null) =>
  applied ? { _id: applied.id, kind: applied.kind, label: applied.label, amount: toMajor(applied.amountMinor) } : null

/** What a checkout or order got, as `{promotions}` for its answers; nothing when promotions gave it nothing. */
export function appliedPromotionsDto(stored: AppliedPromotions | null | undefined): { promotions?: AppliedWire } {
  if (!stored || (!stored.discount && !stored.freeDelivery)) return {}
  return { promotions: { discount: appliedDto(stored.discount), freeDelivery: appliedDto(stored.freeDelivery) } }
}
