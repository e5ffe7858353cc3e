/** Wire schemas of shops, shop settings and shop ids (the setup wizard's slug calls). */
import { Type } from 'typebox'

export const uuidSchema = Type.String({ format: 'uuid' })

/** Files this platform stored (`/uploads/{key}`); no `..`, no scheme, no other host. */
const uploadUrl = Type.String({ maxLength: 300, pattern: '^/uploads/(?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9]+)?$' })
const httpUrl = Type.String({ maxLength: 500, pattern: '^https?://[^\\s/?#]+(?:[/?#]\\S*)?$' })
const socialSite = Type.Union([Type.Literal('facebook'), Type.Literal('instagram'), Type.Literal('twitter')])
const paymentProvider = Type.Union([Type.Literal('manual'), Type.Literal('test'), Type.Literal('paystack')])
const nonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' })

export const TITLE_MAX = 100
export const LONG_TEXT_MAX = 5000

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
  createdAt: Type.String({ format: 'date-time' }),
})

export const shopParams = Type.Object({ id: uuidSchema })
export const shopLookupParams = Type.Object({ idOrSlug: Type.String({ minLength: 1, maxLength: 60 }) })
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

const aboutSection = Type.Optional(Type.String({ maxLength: LONG_TEXT_MAX }))

export const shopPatchBody = Type.Object(
  {
    title: Type.Optional(nonBlank(TITLE_MAX)),
    tagline: Type.Optional(Type.String({ maxLength: 200 })),
    about: Type.Optional(Type.String({ maxLength: LONG_TEXT_MAX })),
    logo: Type.Optional(
      Type.Union([Type.Object({ url: uploadUrl, thumbnail: uploadUrl }, { additionalProperties: false }), Type.Null()]),
    ),
    socials: Type.Optional(
      Type.Array(Type.Object({ site: socialSite, url: httpUrl }, { additionalProperties: false }), { maxItems: 3 }),
    ),
    home: Type.Optional(
      Type.Object({ promotionalText: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
    ),
    aboutSections: Type.Optional(
      Type.Object(
        { payments: aboutSection, returns: aboutSection, contact: aboutSection },
        { additionalProperties: false, minProperties: 1 },
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
)

// ---------------------------------------------------------------- shop settings

export const paymentOptionSchema = Type.Object({
  provider: paymentProvider,
  enabled: Type.Boolean(),
  label: Type.Optional(Type.String()),
})

export const shopConfigSchema = Type.Object({
  _id: Type.String(),
  facebook: Type.Object({ meta: Type.String() }),
  taxRate: Type.Number({ description: 'percent of the subtotal' }),
  paymentOptions: Type.Array(paymentOptionSchema),
  domains: Type.Array(Type.String()),
  updatedAt: Type.String({ format: 'date-time' }),
})

export const shopConfigPatchBody = Type.Object(
  {
    facebook: Type.Optional(
      Type.Object(
        {
          meta: Type.String({
            maxLength: 500,
            description: 'the facebook-domain-verification code, or the whole <meta> tag Facebook shows',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    taxRate: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'percent, at most 2 decimals' })),
    paymentOptions: Type.Optional(
      Type.Array(
        Type.Object(
          { provider: paymentProvider, enabled: Type.Boolean(), label: Type.Optional(Type.String({ maxLength: 100 })) },
          { additionalProperties: false },
        ),
        { maxItems: 3 },
      ),
    ),
    domains: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 260 }), { maxItems: 20 })),
  },
  { additionalProperties: false, minProperties: 1 },
)

// ---------------------------------------------------------------- shop ids

export const shopIdBody = Type.Object(
  { slug: Type.String({ maxLength: 100 }), title: nonBlank(TITLE_MAX) },
  { additionalProperties: false },
)
export const shopIdCreatedSchema = Type.Object({ _id: Type.String(), slug: Type.String() })
export const slugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 60 }) })
export const slugAvailabilitySchema = Type.Object({ slug: Type.String(), available: Type.Boolean() })
