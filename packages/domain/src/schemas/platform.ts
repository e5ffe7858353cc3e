/**
 * The platform console on the wire (`/api/platform/…`, operators only): the list of shops with their
 * figures, suspending and restoring a shop, and the audit log of what operators did.
 */
import { type Static, Type } from 'typebox'
import { IsoDate, Money, Page, Uuid } from './wire'

export const SUSPENSION_REASON_MAX = 500
export const PLATFORM_SHOP_SORTS = ['newest', 'oldest', 'name', 'sales', 'orders', 'storage'] as const
export type PlatformShopSort = (typeof PLATFORM_SHOP_SORTS)[number]
export const PLATFORM_PAGE_MAX = 100

/** Query values arrive as text. */
const PageLimit = Type.String({ pattern: '^[0-9]{1,3}$', description: `page size, 1 to ${PLATFORM_PAGE_MAX} (25 by default)` })
const PageSkip = Type.String({ pattern: '^[0-9]{1,7}$', description: 'how many to skip' })

export const PlatformShopListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100, description: "a part of the shop's name, slug, owner's e-mail or a custom domain" })),
    // An enum, not a union of a mapped array: that union's static type is `never`.
    sort: Type.Optional(Type.Enum(PLATFORM_SHOP_SORTS, { default: 'newest' })),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended')], { description: 'only shops in this state' })),
    $limit: Type.Optional(PageLimit),
    $skip: Type.Optional(PageSkip),
  },
  { additionalProperties: false },
)
export type PlatformShopListQuery = Static<typeof PlatformShopListQuery>

export const PlatformShop = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  owner: Type.Union([Type.Object({ _id: Type.String(), email: Type.String(), name: Type.String() }), Type.Null()], {
    description: 'the longest-standing active owner; null for a shop that has none',
  }),
  createdAt: IsoDate,
  products: Type.Integer(),
  last30Days: Type.Object(
    { orders: Type.Integer(), sales: Money },
    { description: 'orders placed in the last 30 days that were not canceled, and their totals' },
  ),
  storageBytes: Type.Integer({ description: 'the bytes of the uploads the shop keeps (originals)' }),
  domains: Type.Array(Type.Object({ domain: Type.String(), status: Type.Union([Type.Literal('pending'), Type.Literal('verified')]) })),
  status: Type.Union([Type.Literal('active'), Type.Literal('suspended')]),
  suspension: Type.Union([Type.Object({ since: IsoDate, reason: Type.String() }), Type.Null()]),
})
export type PlatformShop = Static<typeof PlatformShop>

export const PlatformShopPage = Page(PlatformShop)
export type PlatformShopPage = Static<typeof PlatformShopPage>

export const SuspendShopBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: SUSPENSION_REASON_MAX, description: 'why, as the shop’s staff will read it' }) },
  { additionalProperties: false },
)
export type SuspendShopBody = Static<typeof SuspendShopBody>

export const RestoreShopBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: SUSPENSION_REASON_MAX, description: 'a note for the audit log' })) },
  { additionalProperties: false },
)
export type RestoreShopBody = Static<typeof RestoreShopBody>

export const PlatformAuditEvent = Type.Object({
  _id: Type.String(),
  action: Type.Union([Type.Literal('suspend'), Type.Literal('restore')]),
  operator: Type.Object({ _id: Type.Union([Type.String(), Type.Null()]), email: Type.String() }),
  shop: Type.Object({ _id: Type.Union([Type.String(), Type.Null()]), slug: Type.String() }),
  reason: Type.String(),
  createdAt: IsoDate,
})
export type PlatformAuditEvent = Static<typeof PlatformAuditEvent>

export const PlatformAuditQuery = Type.Object(
  {
    shop: Type.Optional(Uuid),
    $limit: Type.Optional(PageLimit),
    $skip: Type.Optional(PageSkip),
  },
  { additionalProperties: false },
)
export type PlatformAuditQuery = Static<typeof PlatformAuditQuery>

export const PlatformAuditPage = Page(PlatformAuditEvent)
export type PlatformAuditPage = Static<typeof PlatformAuditPage>

/** What the console's page asks first: whether the caller is an operator (everyone else gets 404). */
export const PlatformOperator = Type.Object({ email: Type.String() })
export type PlatformOperator = Static<typeof PlatformOperator>
