/**
 * Wire schemas of delivery: regions, a shop's rates and the fee calculation. Requests are strict (unknown
 * fields are a 400); money on the wire is `{value, currency}` in major units.
 */
import { PaymentOption } from '@shop/domain/schemas/delivery'
import { IsoDate, Money, Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'

/** The rate bodies live in the domain package, where the dashboard's forms validate with them too. */
export {
  MAX_ESTIMATED_DAYS,
  MAX_FEE,
  RateCreateBody,
  type RateCreateInput,
  RatePatchBody,
  type RatePatchInput,
  RegionId,
} from '@shop/domain/schemas/delivery'

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
