/**
 * Shops: the public profile (by id, slug or host), edits by staff, and creation by the setup wizard.
 */
import { isValidSlug } from '@shop/domain'
import { notAPhoneMessage, parsePhone } from '@shop/domain/phone'
import type { Static } from 'typebox'
import { socialUrl } from '@shop/domain/schemas/shop'
import { type ServiceContext, inTransaction } from '../../context'
import type { ImageRef, PaymentOption } from '../../db/schema'
import { BadRequest, Conflict, Forbidden, NotFound, invalidBody, isUniqueViolation } from '../../lib/errors'
import type { Page } from '../../lib/feathers-query'
import { addOwnerOfNewShop, lockOwnedShopCount } from '../staff/shop-role.service'
import { findShopUploads, imageIcons, imageRef } from '../uploads/upload.service'
import { toShopProfile } from './shop.dto'
import {
  type ShopChanges,
  type ShopRow,
  findPublicConfig,
  findShopById,
  findShopBySlug,
  findVerifiedShopDomains,
  insertShop,
  isSlugTaken,
  updateShop,
} from './shop.repository'
import type { CreatedShop, ShopProfile, SlugAvailability, shopIdBody, shopPatchBody } from './shop.schemas'
import { resolveHost } from './shop-host'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SLUG_MESSAGE = 'must be 3 to 40 lower-case letters, digits or single hyphens, not starting or ending with one, and not a reserved name'

/** A new shop takes payment on delivery or at pick-up until its staff set up more. */
const initialPaymentOptions: PaymentOption[] = [{ provider: 'manual', enabled: true }]

/**
 * The shop's profile as its own pages show it, whoever asks: for the server's rendering of a suspended
 * shop's dashboard, which no anonymous API call may read (decision 98).
 */
export async function profileOf(ctx: Pick<ServiceContext, 'readDb'>, shop: ShopRow): Promise<ShopProfile> {
  const [config, domains] = await Promise.all([findPublicConfig(ctx.readDb, shop.id), findVerifiedShopDomains(ctx.readDb, shop.id)])
  return toShopProfile(shop, { ...config, domains })
}

/** For other modules: the shop's row, or null. */
export async function findShop(ctx: ServiceContext, id: string): Promise<ShopRow | null> {
  return findShopById(ctx.db, id)
}

export async function getShopProfile(ctx: ServiceContext, idOrSlug: string): Promise<ShopProfile> {
  const key = idOrSlug.toLowerCase()
  const shop = uuidPattern.test(key) ? await findShopById(ctx.readDb, key) : await findShopBySlug(ctx.readDb, key)
  if (!shop || !(await readable(ctx, shop))) throw NotFound('No shop with this id or slug')
  return profileOf(ctx, shop)
}

/** A shop the platform suspended exists only for its own staff (decision 98). */
async function readable(ctx: ServiceContext, shop: ShopRow): Promise<boolean> {
  return !shop.suspendedAt || (await ctx.actor.callerRole(shop.id)) !== null
}

/** The shop a host serves, as a one-item page, or an empty page (the platform's own host, an unknown one). */
export async function listShopsByDomain(ctx: ServiceContext, domain: string): Promise<Page<ShopProfile>> {
  const target = await resolveHost(ctx, domain)
  const data = target.kind === 'shop' && (await readable(ctx, target.shop)) ? [await profileOf(ctx, target.shop)] : []
  return { total: data.length, limit: 1, skip: 0, data }
}

type ShopPatch = Static<typeof shopPatchBody>
type LogoInput = NonNullable<ShopPatch['logo']>

/** Only an image this server stored for this shop; the thumbnail is the stored upload's own. */
async function checkedLogo(ctx: ServiceContext, shopId: string, logo: LogoInput): Promise<ImageRef> {
  const key = ctx.storage.keyOf(logo.url) ?? ''
  const [upload] = await findShopUploads(ctx, shopId, [key])
  if (!upload) {
    throw BadRequest('Invalid body: logo.url must be an image uploaded to this shop', [
      { path: 'logo.url', message: 'must be an image uploaded to this shop' },
    ])
  }
  const thumbnail = ctx.storage.publicUrl(upload.thumbnailKey)
  if (logo.thumbnail !== thumbnail) {
    throw BadRequest('Invalid body: logo.thumbnail must be the thumbnail of the uploaded image', [
      { path: 'logo.thumbnail', message: 'must be the thumbnail of the uploaded image' },
    ])
  }
  const icons = imageIcons(upload, ctx.storage)
  return { ...imageRef(upload, ctx.storage), ...(icons.length ? { icons } : {}) }
}

/** A WhatsApp number in international form, '' when cleared; anything else that is not a phone is a 400. */
function checkedWhatsApp(text: string): string {
  if (text.trim() === '') return ''
  const checked = parsePhone(text)
  if (checked.ok) return checked.phone
  invalidBody([{ path: 'whatsapp', message: notAPhoneMessage }])
}

export async function updateShopProfile(ctx: ServiceContext, id: string, body: ShopPatch): Promise<ShopProfile> {
  await ctx.actor.authorize(id, 'site.edit')
  const changes: ShopChanges = {}
  if (body.title !== undefined) changes.title = body.title.trim()
  if (body.tagline !== undefined) changes.tagline = body.tagline.trim()
  if (body.about !== undefined) changes.about = body.about.trim()
  if (body.logo !== undefined) changes.logo = body.logo && (await checkedLogo(ctx, id, body.logo))
  if (body.socials !== undefined) {
    const seen = new Set<string>()
    body.socials.forEach((social, i) => {
      if (seen.has(social.site)) {
        throw BadRequest(`Invalid body: socials.${i}.site appears twice`, [{ path: `socials.${i}.site`, message: 'appears twice' }])
      }
      seen.add(social.site)
    })
    changes.socials = body.socials.map(({ site, url }) => ({ site, url: socialUrl(url) }))
  }
  if (body.whatsapp !== undefined) changes.whatsapp = checkedWhatsApp(body.whatsapp)
  if (body.home) changes.promotionalText = body.home.promotionalText.trim()
  if (body.aboutSections) {
    changes.aboutSections = Object.fromEntries(
      Object.entries(body.aboutSections).map(([section, text]) => [section, text.trim()]),
    )
  }
  const shop = await updateShop(ctx.db, id, changes)
  if (!shop) throw NotFound('No shop with this id or slug')
  return profileOf(ctx, shop)
}

function assertValidSlug(slug: string, path: string) {
  if (!isValidSlug(slug)) throw BadRequest(`Invalid ${path}: slug ${SLUG_MESSAGE}`, [{ path: 'slug', message: SLUG_MESSAGE }])
}

export async function slugAvailability(ctx: ServiceContext, slug: string): Promise<SlugAvailability> {
  assertValidSlug(slug, 'params')
  return { slug, available: !(await isSlugTaken(ctx.db, slug)) }
}

/** Creates a shop, its settings and the caller's owner role together; the slug's unique index decides races. */
export async function createShop(ctx: ServiceContext, body: Static<typeof shopIdBody>): Promise<CreatedShop> {
  const user = ctx.actor.requirePlatformUser()
  assertValidSlug(body.slug, 'body')
  try {
    const shop = await inTransaction(ctx, async (tx) => {
      const limit = ctx.config.maxShopsPerAccount
      if ((await lockOwnedShopCount(tx, user.id)) >= limit) {
        throw Forbidden(`You already own ${limit} shops, the most one account may own`)
      }
      const created = await insertShop(tx.db, { slug: body.slug, title: body.title.trim(), paymentOptions: initialPaymentOptions })
      await addOwnerOfNewShop(tx, created.id, user.id)
      return created
    })
    return { _id: shop.id, slug: shop.slug }
  } catch (error) {
    if (isUniqueViolation(error, 'shops_slug_key')) {
      throw Conflict('This shop address is already taken', [{ path: 'slug', message: 'is already taken' }])
    }
    throw error
  }
}
