/**
 * Wire schemas of promotions without codes (decision 78): free delivery over an amount (optionally only for
 * some delivery regions) and automatic percentage or fixed discounts over a minimum subtotal, each with an
 * optional window and an on/off switch. `value` is a whole percent for percentage, major units (≤ 2
 * decimals) for fixed, and absent for free delivery; `minSubtotal` is major units. Unknown fields are a 400.
 */
import { type Static, Type } from 'typebox'
import { IsoDate, Uuid } from './wire'
import { MAX_AMOUNT } from './discount-code'
import { isMajorAmount } from '../money'
import type { PromotionKind as Kind } from '../promotions'

export const PromotionKind = Type.Union([Type.Literal('free-delivery'), Type.Literal('percentage'), Type.Literal('fixed')])
export const MAX_PROMOTION_REGIONS = 50

const fields = {
  name: Type.String({ maxLength: 80, description: "the shop's own name for it; '' or absent: what it gives (\"Free delivery over GHS 300\")" }),
  kind: PromotionKind,
  value: Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT, description: 'a whole percent (percentage) or an amount in major units (fixed); not for free delivery' }),
  minSubtotal: Type.Number({ minimum: 0, maximum: MAX_AMOUNT, description: 'the items subtotal from which it applies (major units); 0: every order' }),
  regions: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    maxItems: MAX_PROMOTION_REGIONS,
    description: 'free delivery only: the delivery regions it is for; empty: all',
  }),
  startsAt: Type.Union([IsoDate, Type.Null()], { description: 'when it starts; null: at once' }),
  endsAt: Type.Union([IsoDate, Type.Null()], { description: 'when it ends; null: never' }),
  active: Type.Boolean({ description: 'the on/off switch' }),
}

export const PromotionCreateBody = Type.Object(
  {
    shop: Uuid,
    kind: fields.kind,
    name: Type.Optional(fields.name),
    value: Type.Optional(fields.value),
    minSubtotal: Type.Optional(fields.minSubtotal),
    regions: Type.Optional(fields.regions),
    startsAt: Type.Optional(fields.startsAt),
    endsAt: Type.Optional(fields.endsAt),
    active: Type.Optional(fields.active),
  },
  { additionalProperties: false },
)
export type PromotionCreateInput = Static<typeof PromotionCreateBody>

/** The kind stays: a promotion of another kind is a new one. */
export const PromotionPatchBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    value: Type.Optional(fields.value),
    minSubtotal: Type.Optional(fields.minSubtotal),
    regions: Type.Optional(fields.regions),
    startsAt: Type.Optional(fields.startsAt),
    endsAt: Type.Optional(fields.endsAt),
    active: Type.Optional(fields.active),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type PromotionPatchInput = Static<typeof PromotionPatchBody>

// ---------------------------------------------------------------- responses

const publicFields = {
  _id: Type.String(),
  kind: PromotionKind,
  /** What shoppers read: the name, or "Free delivery over GHS 300", "10% off orders over GHS 200". */
  label: Type.String(),
  /** Percent, or major units for fixed; 0 for free delivery. */
  value: Type.Number(),
  minSubtotal: Type.Number(),
  currency: Type.String(),
  regions: Type.Array(Type.String()),
  startsAt: Type.Union([IsoDate, Type.Null()]),
  endsAt: Type.Union([IsoDate, Type.Null()]),
}

/** What anyone reads of a shop's live promotions (decision 80). */
export const PublicPromotionResponse = Type.Object(publicFields)
export type PublicPromotion = Static<typeof PublicPromotionResponse>

export const PromotionResponse = Type.Object({
  ...publicFields,
  shop: Type.String(),
  name: Type.String(),
  active: Type.Boolean(),
  /** Switched on and inside its window now. */
  live: Type.Boolean(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type Promotion = Static<typeof PromotionResponse>

/** Staff listings carry every field; the public read only the public ones. */
export const PromotionListItem = Type.Object({
  ...publicFields,
  shop: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  active: Type.Optional(Type.Boolean()),
  live: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(IsoDate),
  updatedAt: Type.Optional(IsoDate),
})
export type PromotionListItem = Static<typeof PromotionListItem>

export const PromotionSettingsResponse = Type.Object({
  shop: Type.String(),
  /** Promotions add to a discount code's discount; false: the buyer gets the better of the two (decision 79). */
  stacksWithCodes: Type.Boolean(),
})
export type PromotionSettings = Static<typeof PromotionSettingsResponse>
export const PromotionSettingsPatchBody = Type.Object({ stacksWithCodes: Type.Boolean() }, { additionalProperties: false })
export type PromotionSettingsPatchInput = Static<typeof PromotionSettingsPatchBody>

/** What a checkout or order got from promotions, as it was then. */
export const AppliedPromotionResponse = Type.Object({
  _id: Type.String(),
  kind: PromotionKind,
  label: Type.String(),
  /** The discount given, or the delivery fee waived (major units). */
  amount: Type.Number(),
})
export const AppliedPromotionsResponse = Type.Object({
  discount: Type.Union([AppliedPromotionResponse, Type.Null()]),
  freeDelivery: Type.Union([AppliedPromotionResponse, Type.Null()]),
})
export type AppliedPromotions = Static<typeof AppliedPromotionsResponse>

/**
 * The rules a schema cannot say, as the API words them ('must be …'): a percentage is a whole percent from
 * 1 to 100, a fixed amount has at most 2 decimals and free delivery takes no value; regions are for free
 * delivery only; the minimum has at most 2 decimals; a window ends after it starts.
 */
export function promotionProblems(input: {
  kind: Kind
  value?: number | undefined
  minSubtotal?: number | undefined
  regions?: readonly string[] | undefined
  startsAt?: string | null | undefined
  endsAt?: string | null | undefined
}): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = []
  if (input.kind === 'free-delivery') {
    if (input.value !== undefined) problems.push({ path: 'value', message: 'must be omitted for free delivery' })
  } else if (input.value === undefined) {
    problems.push({ path: 'value', message: `is required for a ${input.kind} discount` })
  } else if (input.kind === 'percentage' && !(Number.isInteger(input.value) && input.value >= 1 && input.value <= 100)) {
    problems.push({ path: 'value', message: 'must be a whole percent from 1 to 100' })
  } else if (input.kind === 'fixed' && !isMajorAmount(input.value)) {
    problems.push({ path: 'value', message: 'must be an amount with at most 2 decimals' })
  }
  if (input.minSubtotal !== undefined && !isMajorAmount(input.minSubtotal)) {
    problems.push({ path: 'minSubtotal', message: 'must be an amount with at most 2 decimals' })
  }
  if (input.regions?.length && input.kind !== 'free-delivery') problems.push({ path: 'regions', message: 'are only for free delivery' })
  if (input.startsAt && input.endsAt && new Date(input.endsAt).getTime() <= new Date(input.startsAt).getTime()) {
    problems.push({ path: 'endsAt', message: 'must be after startsAt' })
  }
  return problems
}
