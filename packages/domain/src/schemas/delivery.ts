/**
 * Wire schemas of delivery. The request bodies of a shop's rates: the API validates with them and the
 * dashboard's forms check the same rules in the browser. The answers (regions, rates, fee calculations):
 * the API's routes declare them and the web derives its types from them. Money on the wire is
 * `{value, currency}` in major units.
 */
import { type Static, Type } from 'typebox'
import { IsoDate, Money, Uuid } from './wire'

/** 10 million major units keeps every fee inside the integer minor-unit column. */
export const MAX_FEE = 10_000_000
export const MAX_ESTIMATED_DAYS = 365

/** A region id as stored in delivery_regions (`GH-AA`); whether it exists is checked against the table. */
export const RegionId = Type.String({ pattern: '^[A-Z]{2}-[A-Z0-9]{1,3}$' })
export const PaymentOption = Type.Union([Type.Literal('instant'), Type.Literal('on-delivery')])
const EstimatedDays = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_ESTIMATED_DAYS }), Type.Null()])

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

// ---------------------------------------------------------------- responses

export const RegionResponse = Type.Object({
  _id: Type.String(),
  country: Type.String(),
  name: Type.String(),
  capital: Type.String(),
})
export type Region = Static<typeof RegionResponse>

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
export type DeliveryRate = Static<typeof RateResponse>

/** One rate that delivers to the region asked about, with its fee. */
export const DeliveryRateOption = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  fee: Money,
  paymentOption: PaymentOption,
  estimatedDays: Type.Union([Type.Integer(), Type.Null()]),
})
export type DeliveryRateOption = Static<typeof DeliveryRateOption>

export const CalculationResponse = Type.Object({ region: Type.String(), rates: Type.Array(DeliveryRateOption) })
export type DeliveryCalculation = Static<typeof CalculationResponse>
