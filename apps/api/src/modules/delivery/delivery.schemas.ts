/**
 * Wire schemas of delivery: regions, a shop's rates and the fee calculation. Requests are strict (unknown
 * fields are a 400); money on the wire is `{value, currency}` in major units.
 */
import { type Static, Type } from 'typebox'

/** 10 million major units keeps every fee inside the integer minor-unit column. */
export const MAX_FEE = 10_000_000
export const MAX_ESTIMATED_DAYS = 365

export const Uuid = Type.String({ format: 'uuid' })
const IsoDate = Type.String({ format: 'date-time' })
/** A region id as stored in delivery_regions (`GH-AA`); whether it exists is checked against the table. */
export const RegionId = Type.String({ pattern: '^[A-Z]{2}-[A-Z0-9]{1,3}$' })
const PaymentOption = Type.Union([Type.Literal('instant'), Type.Literal('on-delivery')])
const Money = Type.Object({ value: Type.Number(), currency: Type.String() })
const EstimatedDays = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_ESTIMATED_DAYS }), Type.Null()])

export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false })

// ---------------------------------------------------------------- responses

export const RegionResponse = Type.Object({
  _id: Type.String(),
  country: Type.String(),
  name: Type.String(),
  capital: Type.String(),
})
export type RegionDto = Static<typeof RegionResponse>

export const RateResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  name: Type.String(),
  regions: Type.Array(Type.String()),
  rate: Money,
  paymentOption: PaymentOption,
  estimatedDays: Type.Union([Type.Integer(), Type.Null()]),
  active: Type.Boolean(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type RateDto = Static<typeof RateResponse>

export const CalculationResponse = Type.Object({
  region: Type.String(),
  rates: Type.Array(
    Type.Object({
      _id: Type.String(),
      name: Type.String(),
      fee: Money,
      paymentOption: PaymentOption,
      estimatedDays: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
})
export type CalculationDto = Static<typeof CalculationResponse>

// ---------------------------------------------------------------- requests

export const RegionListQuery = Type.Object(
  { country: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 country code, e.g. GH' }) },
  { additionalProperties: false },
)
export type RegionListInput = Static<typeof RegionListQuery>

const RateInput = Type.Object(
  {
    value: Type.Number({ minimum: 0, maximum: MAX_FEE }),
    /** Defaults to the shop's currency, and must be it: fees are added to the shop's order totals. */
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  },
  { additionalProperties: false },
)
const rateFields = {
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  regions: Type.Array(RegionId, { minItems: 1, maxItems: 100, uniqueItems: true }),
  rate: RateInput,
  paymentOption: PaymentOption,
  estimatedDays: EstimatedDays,
  active: Type.Boolean(),
}

export const RateCreateBody = Type.Object(
  {
    shop: Uuid,
    name: rateFields.name,
    regions: rateFields.regions,
    rate: rateFields.rate,
    paymentOption: rateFields.paymentOption,
    estimatedDays: Type.Optional(rateFields.estimatedDays),
    active: Type.Optional(rateFields.active),
  },
  { additionalProperties: false },
)
export type RateCreateInput = Static<typeof RateCreateBody>

export const RatePatchBody = Type.Object(
  {
    name: Type.Optional(rateFields.name),
    regions: Type.Optional(rateFields.regions),
    rate: Type.Optional(rateFields.rate),
    paymentOption: Type.Optional(rateFields.paymentOption),
    estimatedDays: Type.Optional(rateFields.estimatedDays),
    active: Type.Optional(rateFields.active),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type RatePatchInput = Static<typeof RatePatchBody>

export const CalculateBody = Type.Object(
  {
    shop: Uuid,
    region: Type.String({ minLength: 1, maxLength: 20 }),
    /** Accepted for weight- or size-based rates later; today the fee is the rate's value. */
    items: Type.Optional(
      Type.Array(
        Type.Object(
          {
            product: Uuid,
            variant: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }), Type.Null()])),
            count: Type.Integer({ minimum: 1, maximum: 1000 }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 100 },
      ),
    ),
  },
  { additionalProperties: false },
)
export type CalculateInput = Static<typeof CalculateBody>
