/** Wire schemas of shops, shop settings and shop ids (the setup wizard's slug calls). */
import { IsoDate, Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'

const socialSite = Type.Union([Type.Literal('facebook'), Type.Literal('instagram'), Type.Literal('twitter')])
const paymentProvider = Type.Union([Type.Literal('manual'), Type.Literal('test'), Type.Literal('paystack')])

/** The request bodies live in the domain package, where the dashboard's forms validate with them too. */
export { LONG_TEXT_MAX, TITLE_MAX, shopConfigPatchBody, shopIdBody, shopPatchBody } from '@shop/domain/schemas/shop'

// ---------------------------------------------------------------- shop profile

export const logoSchema = Type.Union([Type.Object({ url: Type.String(), thumbnail: Type.String() }), Type.Null()])

export const shopProfileSchema = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  tagline: Type.String(),
  about: Type.String(),
  logo: logoSchema,
  socials: Type.Array(Type.Object({ site: socialSite, url: Type.String() })),
  home: Type.Object({ promotionalText: Type.String() }),
  aboutSections: Type.Object({ payments: Type.String(), returns: Type.String(), contact: Type.String() }),
  config: Type.Object({ facebook: Type.Object({ meta: Type.String() }) }),
  taxRate: Type.Number({ description: 'percent of the subtotal, so the checkout can show tax before ordering' }),
  domains: Type.Array(Type.String()),
  currency: Type.String(),
  createdAt: IsoDate,
})

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

export const paymentOptionSchema = Type.Object({
  provider: paymentProvider,
  enabled: Type.Boolean(),
  label: Type.Optional(Type.String()),
})

export const shopDomainSchema = Type.Object({
  domain: Type.String({ description: 'the host as browsers send it, port included when not the default' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('verified')], {
    description: 'only a verified domain serves the shop, receives logins and makes cross-origin calls',
  }),
  token: Type.String({ description: 'the verification token the TXT record or the file must hold' }),
  txtRecord: Type.Object({ name: Type.String(), value: Type.String() }, { description: 'proof by DNS: a TXT record' }),
  httpFile: Type.Object({ url: Type.String(), content: Type.String() }, { description: 'or proof by HTTP: a file' }),
  verifiedAt: Type.Union([IsoDate, Type.Null()]),
  checkedAt: Type.Union([IsoDate, Type.Null()]),
  checkError: Type.Union([Type.String(), Type.Null()], { description: 'why the last check did not verify the domain' }),
})

export const shopConfigSchema = Type.Object({
  _id: Type.String(),
  facebook: Type.Object({ meta: Type.String() }),
  taxRate: Type.Number({ description: 'percent of the subtotal' }),
  unpaidOrderTimeout: Type.Integer({ description: 'minutes an order paid online may wait for its payment before it is canceled' }),
  paymentOptions: Type.Array(paymentOptionSchema),
  domains: Type.Array(Type.String(), { description: 'every custom domain, pending or verified: the list PATCH takes' }),
  customDomains: Type.Array(shopDomainSchema, { description: 'the same domains with their verification state and instructions' }),
  updatedAt: IsoDate,
})

export const shopDomainParams = Type.Object({
  id: Uuid,
  domain: Type.String({ minLength: 1, maxLength: 260, pattern: '^[A-Za-z0-9.:-]+$' }),
})

// ---------------------------------------------------------------- shop ids

export const shopIdCreatedSchema = Type.Object({ _id: Type.String(), slug: Type.String() })
export const slugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 60 }) })
export const slugAvailabilitySchema = Type.Object({ slug: Type.String(), available: Type.Boolean() })
