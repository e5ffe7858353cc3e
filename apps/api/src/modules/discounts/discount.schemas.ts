/**
 * Wire schemas of discount codes. Requests are strict (unknown fields are a 400). `value` is a whole
 * percent for percentage codes and major units (≤ 2 decimals) for fixed ones; `minSubtotal` is major units.
 */
import { IsoDate } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'

export { CODE_PATTERN, MAX_AMOUNT, MAX_USAGE_LIMIT } from '@shop/domain/schemas/discount-code'

const DiscountType = Type.Union([Type.Literal('percentage'), Type.Literal('fixed')])

// ---------------------------------------------------------------- responses

const publicFields = {
  _id: Type.String(),
  code: Type.String(),
  type: DiscountType,
  value: Type.Number(),
  minSubtotal: Type.Number(),
  /** Null: the code never expires. */
  expiresAt: Type.Union([IsoDate, Type.Null()]),
}

/** What a shopper's exact lookup answers: the terms, no usage figures. */
export const PublicDiscountCodeResponse = Type.Object(publicFields)
export type PublicDiscountCodeDto = Static<typeof PublicDiscountCodeResponse>

export const DiscountCodeResponse = Type.Object({
  ...publicFields,
  shop: Type.String(),
  /** The expiry day in the shop's time zone (Africa/Accra), as the dashboard's date field shows it; null: never. */
  expiresOn: Type.Union([Type.String(), Type.Null()]),
  usageLimit: Type.Union([Type.Integer(), Type.Null()]),
  usedCount: Type.Integer(),
  active: Type.Boolean(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type DiscountCodeDto = Static<typeof DiscountCodeResponse>

/** The list item: staff listings carry every field, the public lookup only the public ones. */
export const DiscountCodeListItem = Type.Object({
  ...publicFields,
  shop: Type.Optional(Type.String()),
  expiresOn: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  usageLimit: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  usedCount: Type.Optional(Type.Integer()),
  active: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(IsoDate),
  updatedAt: Type.Optional(IsoDate),
})

// ---------------------------------------------------------------- requests

/** The request bodies live in the domain package, where the dashboard's form validates with them too. */
export {
  DiscountCodeCreateBody,
  type DiscountCodeCreateInput,
  DiscountCodePatchBody,
  type DiscountCodePatchInput,
} from '@shop/domain/schemas/discount-code'
