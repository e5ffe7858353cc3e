/** Wire schemas of shops, shop settings and shop ids (the setup wizard's slug calls). */
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'

/**
 * The request bodies and the answers live in the domain package: the dashboard's forms validate with the
 * bodies too, and the web derives its types from the answers.
 */
export {
  type CreatedShop,
  ShopConfigResponse,
  type ShopConfig as ShopConfigDto,
  ShopDomainResponse,
  type ShopDomain as ShopDomainDto,
  ShopIdCreatedResponse,
  ShopResponse,
  type Shop as ShopProfile,
  type SlugAvailability,
  SlugAvailabilityResponse,
  shopConfigPatchBody,
  shopIdBody,
  shopPatchBody,
} from '@shop/domain/schemas/shop'

// ---------------------------------------------------------------- shop profile

export const shopLookupParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 60, description: 'the shop’s id or its slug' }),
})
export const shopListQuery = Type.Object(
  {
    domain: Type.String({
      minLength: 1,
      maxLength: 300,
      pattern: '^[A-Za-z0-9.:\\[\\]-]+$',
      description: 'the host as the browser sends it, port included',
    }),
  },
  { additionalProperties: false },
)

// ---------------------------------------------------------------- shop settings

export const shopDomainParams = Type.Object({
  id: Uuid,
  domain: Type.String({ minLength: 1, maxLength: 260, pattern: '^[A-Za-z0-9.:-]+$' }),
})

// ---------------------------------------------------------------- shop ids

export const slugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 60 }) })
