/**
 * Request bodies of shops, shop settings and shop ids: the API validates with them and the dashboard's
 * forms check the same rules in the browser before sending.
 */
import { Type } from 'typebox'

/** Minutes an order paid online may wait for its payment (5 minutes to a week; 30 by default). */
export const UNPAID_ORDER_TIMEOUT = { min: 5, max: 10_080, default: 30 } as const
/** A tracked variant with this many or fewer left is "low" (shoppers see "Only N left"). */
export const LOW_STOCK_THRESHOLD = { min: 0, max: 1000, default: 5 } as const

/** Files this platform stored (`/uploads/{key}`); no `..`, no scheme, no other host. */
const uploadUrl = Type.String({ maxLength: 300, pattern: '^/uploads/(?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9]+)?$' })
const httpUrl = Type.String({
  maxLength: 500,
  pattern: '^https?://[^\\s/?#]+(?:[/?#]\\S*)?$',
  description: 'a full web address starting with https://',
})
const socialSite = Type.Union([Type.Literal('facebook'), Type.Literal('instagram'), Type.Literal('twitter')])
const paymentProvider = Type.Union([Type.Literal('manual'), Type.Literal('test'), Type.Literal('paystack')])
const nonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description: 'some text' })

export const TITLE_MAX = 100
export const LONG_TEXT_MAX = 5000

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
    unpaidOrderTimeout: Type.Optional(
      Type.Integer({
        minimum: UNPAID_ORDER_TIMEOUT.min,
        maximum: UNPAID_ORDER_TIMEOUT.max,
        description: 'minutes an order paid online may wait for its payment before it is canceled and its stock returned',
      }),
    ),
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

export const shopIdBody = Type.Object(
  { slug: Type.String({ maxLength: 100 }), title: nonBlank(TITLE_MAX) },
  { additionalProperties: false },
)
