/**
 * Wire schemas of delivery: regions, a shop's rates and the fee calculation. Requests are strict (unknown
 * fields are a 400); money on the wire is `{value, currency}` in major units.
 */
import { VariantId } from '@shop/domain/schemas/catalog'
import { Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'

/**
 * The rate bodies and the answers live in the domain package: the dashboard's forms validate with the
 * bodies too, and the web derives its types from the answers.
 */
export {
  CalculationResponse,
  type DeliveryCalculation as CalculationDto,
  type DeliveryRate as RateDto,
  RateCreateBody,
  type RateCreateInput,
  RatePatchBody,
  type RatePatchInput,
  RateResponse,
  RegionResponse,
  type Region as RegionDto,
} from '@shop/domain/schemas/delivery'

// ---------------------------------------------------------------- requests

export const RegionListQuery = Type.Object(
  { country: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 country code, e.g. GH' }) },
  { additionalProperties: false },
)

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
            variant: Type.Optional(Type.Union([VariantId, Type.Null()])),
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
