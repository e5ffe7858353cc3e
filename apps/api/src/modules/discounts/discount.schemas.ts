/**
 * Wire schemas of discount codes. Requests are strict (unknown fields are a 400). `value` is a whole
 * percent for percentage codes and major units (≤ 2 decimals) for fixed ones; `minSubtotal` is major units.
 */
import { type Static, Type } from 'typebox'

/** 10 million major units keeps every amount inside the integer minor-unit columns. */
export const MAX_AMOUNT = 10_000_000
export const MAX_USAGE_LIMIT = 1_000_000
export const CODE_PATTERN = '^[A-Za-z0-9_-]{3,32}$'

export const Uuid = Type.String({ format: 'uuid' })
const IsoDate = Type.String({ format: 'date-time' })
const DiscountType = Type.Union([Type.Literal('percentage'), Type.Literal('fixed')])

export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false })

// ---------------------------------------------------------------- responses

const publicFields = {
  _id: Type.String(),
  code: Type.String(),
  type: DiscountType,
  value: Type.Number(),
  minSubtotal: Type.Number(),
  expiresAt: IsoDate,
}

/** What a shopper's exact lookup answers: the terms, no usage figures. */
export const PublicDiscountCodeResponse = Type.Object(publicFields)
export type PublicDiscountCodeDto = Static<typeof PublicDiscountCodeResponse>

export const DiscountCodeResponse = Type.Object({
  ...publicFields,
  shop: Type.String(),
  /** The expiry day in the shop's time zone (Africa/Accra), as the dashboard's date field shows it. */
  expiresOn: Type.String(),
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
  expiresOn: Type.Optional(Type.String()),
  usageLimit: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  usedCount: Type.Optional(Type.Integer()),
  active: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(IsoDate),
  updatedAt: Type.Optional(IsoDate),
})

// ---------------------------------------------------------------- requests

const codeFields = {
  code: Type.String({ pattern: CODE_PATTERN, description: '3–32 letters, digits, _ or -; unique in the shop ignoring case' }),
  type: DiscountType,
  value: Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT }),
  expiresOn: Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: 'the last day the code works; it expires at 23:59:59 that day, Africa/Accra',
  }),
  expiresAt: Type.String({ format: 'date-time', description: 'alternatively, the exact expiry instant' }),
  usageLimit: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_USAGE_LIMIT }), Type.Null()]),
  minSubtotal: Type.Union([Type.Number({ minimum: 0, maximum: MAX_AMOUNT }), Type.Null()]),
  active: Type.Boolean(),
}

export const DiscountCodeCreateBody = Type.Object(
  {
    shop: Uuid,
    code: codeFields.code,
    type: codeFields.type,
    value: codeFields.value,
    expiresOn: Type.Optional(codeFields.expiresOn),
    expiresAt: Type.Optional(codeFields.expiresAt),
    usageLimit: Type.Optional(codeFields.usageLimit),
    minSubtotal: Type.Optional(codeFields.minSubtotal),
    active: Type.Optional(codeFields.active),
  },
  { additionalProperties: false },
)
export type DiscountCodeCreateInput = Static<typeof DiscountCodeCreateBody>

export const DiscountCodePatchBody = Type.Object(
  {
    code: Type.Optional(codeFields.code),
    type: Type.Optional(codeFields.type),
    value: Type.Optional(codeFields.value),
    expiresOn: Type.Optional(codeFields.expiresOn),
    expiresAt: Type.Optional(codeFields.expiresAt),
    usageLimit: Type.Optional(codeFields.usageLimit),
    minSubtotal: Type.Optional(codeFields.minSubtotal),
    active: Type.Optional(codeFields.active),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type DiscountCodePatchInput = Static<typeof DiscountCodePatchBody>
