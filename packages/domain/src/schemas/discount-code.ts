/**
 * Wire schemas of discount codes (docs/architecture.md §9). The request bodies: the API validates with them and the
 * dashboard's form checks the same rules in the browser. The answers: the API's routes declare them and the
 * web derives its types from them. `value` is a whole percent for percentage codes and major units (≤ 2
 * decimals) for fixed ones; `minSubtotal` is major units. A code without an expiry never expires; a patch
 * with `expiresOn: null` removes the expiry. Unknown fields are rejected.
 */
import { type Static, Type } from 'typebox'
import { IsoDate, Uuid } from './wire'
import { isMajorAmount } from '../money'

/** 10 million major units keeps every amount inside the integer minor-unit columns. */
export const MAX_AMOUNT = 10_000_000
export const MAX_USAGE_LIMIT = 1_000_000
export const CODE_PATTERN = '^[A-Za-z0-9_-]{3,32}$'

export const DiscountType = Type.Union([Type.Literal('percentage'), Type.Literal('fixed')])
export type DiscountType = Static<typeof DiscountType>

const codeFields = {
  code: Type.String({
    pattern: CODE_PATTERN,
    description: '3 to 32 letters, digits, _ or -, without spaces',
  }),
  type: DiscountType,
  value: Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT }),
  expiresOn: Type.Union(
    [
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: 'a date as YYYY-MM-DD (the code works until 23:59:59 that day, Africa/Accra)',
      }),
      Type.Null(),
    ],
    { description: 'the last day the code works (until 23:59:59, Africa/Accra); null or absent: it never expires' },
  ),
  expiresAt: Type.Union([IsoDate, Type.Null()], {
    description: 'alternatively, the exact expiry instant; null or absent: it never expires',
  }),
  usageLimit: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_USAGE_LIMIT }), Type.Null()]),
  minSubtotal: Type.Union([Type.Number({ minimum: 0, maximum: MAX_AMOUNT }), Type.Null()]),
  active: Type.Boolean(),
  oncePerCustomer: Type.Boolean({
    description: 'each buyer (phone or e-mail) may use the code once: a later order of theirs with it, not canceled, is refused',
  }),
  firstOrderOnly: Type.Boolean({
    description: "only a buyer's first order in the shop may use it: a buyer (phone or e-mail) with an earlier order, not canceled, is refused",
  }),
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
    oncePerCustomer: Type.Optional(codeFields.oncePerCustomer),
    firstOrderOnly: Type.Optional(codeFields.firstOrderOnly),
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
    oncePerCustomer: Type.Optional(codeFields.oncePerCustomer),
    firstOrderOnly: Type.Optional(codeFields.firstOrderOnly),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type DiscountCodePatchInput = Static<typeof DiscountCodePatchBody>

// ---------------------------------------------------------------- responses

const publicFields = {
  _id: Type.String(),
  code: Type.String(),
  type: DiscountType,
  value: Type.Number(),
  minSubtotal: Type.Number(),
  /** Null: the code never expires. */
  expiresAt: Type.Union([IsoDate, Type.Null()]),
  /** Each buyer (phone or e-mail) may use it once; the checkout says so beside the code. */
  oncePerCustomer: Type.Boolean(),
  /** Only for a buyer's first order in the shop. */
  firstOrderOnly: Type.Boolean(),
}

/** What a shopper's exact lookup answers: the terms, no usage figures. */
export const PublicDiscountCodeResponse = Type.Object(publicFields)
export type PublicDiscountCode = Static<typeof PublicDiscountCodeResponse>

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
export type DiscountCode = Static<typeof DiscountCodeResponse>

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
export type DiscountCodeListItem = Static<typeof DiscountCodeListItem>

/**
 * The rule a schema cannot say, because it depends on the type: a whole percent from 1 to 100, or an
 * amount with at most 2 decimals. The problem as the API words it ('must be …'), or null.
 */
export function discountValueProblem(type: DiscountType, value: number): string | null {
  if (type === 'percentage') {
    return Number.isInteger(value) && value >= 1 && value <= 100 ? null : 'must be a whole percent from 1 to 100'
  }
  return isMajorAmount(value) ? null : 'must be an amount with at most 2 decimals'
}
