/** Row → response mappers for shops and their settings. Nothing leaves the API without passing here. */
import { toLogo } from '../../lib/logo'
import { verificationInstructions } from './domain-check'
import type { ShopConfigRecord, ShopDomainRow } from './shop-config.repository'
import type { PublicConfig, ShopRow } from './shop.repository'
import type { ShopConfigDto, ShopDomainDto, ShopProfile } from './shop.schemas'

export function toShopProfile(
  shop: ShopRow,
  extras: PublicConfig & { domains: string[] },
): ShopProfile {
  return {
    _id: shop.id,
    slug: shop.slug,
    title: shop.title,
    tagline: shop.tagline,
    about: shop.about,
    logo: toLogo(shop.logo),
    socials: shop.socials.map(({ site, url }) => ({ site, url })),
    whatsapp: shop.whatsapp,
    home: { promotionalText: shop.promotionalText },
    aboutSections: {
      payments: shop.aboutSections.payments,
      returns: shop.aboutSections.returns,
      contact: shop.aboutSections.contact,
    },
    config: { facebook: { meta: extras.facebookMeta } },
    taxRate: extras.taxRateBps / 100,
    shopperLineMax: extras.shopperLineMax,
    ...fulfilmentOf(extras),
    domains: extras.domains,
    currency: shop.currency,
    createdAt: shop.createdAt.toISOString(),
    ...(shop.suspendedAt ? { suspension: { since: shop.suspendedAt.toISOString(), reason: shop.suspensionReason ?? '' } } : {}),
  }
}

/** How the shop hands orders over, as both its profile and its settings answer it. */
function fulfilmentOf(config: Pick<PublicConfig, 'offersPickup' | 'offersDelivery' | 'pickupAddress' | 'pickupDirections' | 'pickupHours'>) {
  return {
    offersPickup: config.offersPickup,
    offersDelivery: config.offersDelivery,
    pickupAddress: config.pickupAddress,
    pickupDirections: config.pickupDirections,
    pickupHours: config.pickupHours,
  }
}

/** A custom domain as its shop's administrators see it: its state and how to prove control of it. */
export function toShopDomain(row: ShopDomainRow): ShopDomainDto {
  return {
    domain: row.domain,
    status: row.status,
    token: row.verificationToken,
    ...verificationInstructions(row.domain, row.verificationToken),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    checkError: row.checkError,
  }
}

export function toShopConfig(config: ShopConfigRecord, onlinePayments: ShopConfigDto['onlinePayments']): ShopConfigDto {
  return {
    _id: config.shopId,
    facebook: { meta: config.facebookMeta },
    taxRate: config.taxRateBps / 100,
    unpaidOrderTimeout: config.unpaidOrderTimeoutMinutes,
    shopperLineMax: config.shopperLineMax,
    unconfirmedOrdersPerBuyer: config.unconfirmedOrdersPerBuyer,
    unconfirmedOrderHours: config.unconfirmedOrderHours,
    ...fulfilmentOf(config),
    paymentOptions: config.paymentOptions.map(({ provider, enabled, label }) => ({
      provider,
      enabled,
      ...(label ? { label } : {}),
    })),
    onlinePayments,
    domains: config.domains.map((row) => row.domain),
    customDomains: config.domains.map(toShopDomain),
    updatedAt: config.updatedAt.toISOString(),
  }
}
