/**
 * A shop's settings (docs/architecture.md §6 "settings"): Facebook domain verification, tax, payment options, custom
 * domains, how long unpaid and unconfirmed orders keep their stock and the limits on shoppers' orders
 * (decision 52), and the check that verifies a custom domain. Administrators and owners only.
 */
import { isMajorAmount } from '@shop/domain'
import {
  LOW_STOCK_THRESHOLD,
  SHOPPER_LINE_MAX,
  UNCONFIRMED_ORDERS_PER_BUYER,
  UNCONFIRMED_ORDER_HOURS,
  UNPAID_ORDER_TIMEOUT,
} from '@shop/domain/schemas/shop'
import type { ServiceContext } from '../../context'
import type { Static } from 'typebox'
import type { Config } from '../../config'
import { BadRequest, Conflict, type FieldError, NotFound, isCheckViolation, isUniqueViolation, invalidBody } from '../../lib/errors'
import { checkDomain } from './domain-check'
import { toShopConfig, toShopDomain } from './shop.dto'
import type { ShopConfigDto, ShopDomainDto, shopConfigPatchBody } from './shop.schemas'
import {
  type ShopConfigChanges,
  type ShopConfigRecord,
  findDomainsVerifiedByOtherShops,
  findShopConfig,
  findShopDomainRow,
  findShopDomainRows,
  hasVerifiedPayoutAccount,
  recordDomainCheck,
  saveShopConfig,
} from './shop-config.repository'
import { normalizeHost } from './shop-host'

type ShopConfigPatch = Static<typeof shopConfigPatchBody>

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/


function withoutPort(host: string): string {
  return host.replace(/:\d+$/, '')
}

/**
 * A custom domain as hosts are matched (lower-case, no trailing dot, optional port), or an error message.
 * The platform's own hosts (the root domain, PLATFORM_URL's host, and their subdomains) cannot be claimed.
 */
export function normalizeCustomDomain(
  raw: string,
  config: Pick<Config, 'rootDomain' | 'platformUrl'>,
): { domain: string } | { error: string } {
  const domain = normalizeHost(raw)
  const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(domain)
  const hostname = match?.[1] ?? ''
  const port = match?.[2]
  const labels = hostname.split('.')
  if (
    !match ||
    hostname.length > 253 ||
    labels.length < 2 ||
    !labels.every((part) => label.test(part)) ||
    /^\d+$/.test(labels.at(-1)!) ||
    (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
  ) {
    return { error: 'must be a host name such as shop.example.com, with an optional port' }
  }
  const within = (platformHost: string) => hostname === platformHost || hostname.endsWith(`.${platformHost}`)
  if (within(withoutPort(config.rootDomain))) {
    return { error: `must not be ${config.rootDomain} or one of its subdomains` }
  }
  const platformHost = new URL(config.platformUrl).hostname
  if (within(platformHost)) {
    return { error: `must not be the platform's own host ${platformHost} or one of its subdomains` }
  }
  return { domain }
}

/** Facebook shows `<meta name="facebook-domain-verification" content="…" />`; keep only the code. */
export function facebookVerificationCode(raw: string): string | null {
  let text = raw.trim()
  if (text.startsWith('<')) {
    const match = /^<meta\s[^>]*\bcontent\s*=\s*["']([^"'<>]*)["'][^>]*>$/i.exec(text)
    if (!match) return null
    text = match[1]!.trim()
  }
  return /^[A-Za-z0-9_-]{0,200}$/.test(text) ? text : null
}

/** Whether the shop may turn on Paystack: the platform needs its key, the shop a verified payout account. */
async function onlinePayments(ctx: ServiceContext, shopId: string): Promise<ShopConfigDto['onlinePayments']> {
  if (!ctx.config.paystackSecretKey) return 'unavailable'
  return (await hasVerifiedPayoutAccount(ctx.db, shopId)) ? 'ready' : 'needs-payout-account'
}

const onlinePaymentsRefusal: Record<Exclude<ShopConfigDto['onlinePayments'], 'ready'>, string> = {
  unavailable: 'Online payments are not available on this platform yet',
  'needs-payout-account': 'Add the account you want to be paid into (mobile money or bank) to take payments online',
}

export async function getShopConfig(ctx: ServiceContext, shopId: string): Promise<ShopConfigDto> {
  await ctx.actor.authorize(shopId, 'settings.manage')
  const config = await findShopConfig(ctx.db, shopId)
  // A shop without a settings row has the defaults until first saved.
  return toShopConfig(
    config ?? {
      shopId,
      facebookMeta: '',
      taxRateBps: 0,
      paymentOptions: [],
      unpaidOrderTimeoutMinutes: UNPAID_ORDER_TIMEOUT.default,
      lowStockThreshold: LOW_STOCK_THRESHOLD.default,
      shopperLineMax: SHOPPER_LINE_MAX.default,
      unconfirmedOrdersPerBuyer: UNCONFIRMED_ORDERS_PER_BUYER.default,
      unconfirmedOrderHours: UNCONFIRMED_ORDER_HOURS.default,
      offersPickup: true,
      offersDelivery: true,
      pickupAddress: '',
      pickupDirections: '',
      pickupHours: '',
      promotionsStackWithCodes: false,
      updatedAt: ctx.clock.now(),
      domains: [],
    },
    await onlinePayments(ctx, shopId),
  )
}

function toChanges(body: ShopConfigPatch, config: Pick<Config, 'rootDomain' | 'platformUrl'>): ShopConfigChanges {
  const errors: FieldError[] = []
  const changes: ShopConfigChanges = {}
  if (body.facebook) {
    const code = facebookVerificationCode(body.facebook.meta)
    if (code === null) errors.push({ path: 'facebook.meta', message: 'must be the verification code (letters, digits, - and _) or the <meta> tag that holds it' })
    else changes.facebookMeta = code
  }
  if (body.unpaidOrderTimeout !== undefined) changes.unpaidOrderTimeoutMinutes = body.unpaidOrderTimeout
  if (body.shopperLineMax !== undefined) changes.shopperLineMax = body.shopperLineMax
  if (body.unconfirmedOrdersPerBuyer !== undefined) changes.unconfirmedOrdersPerBuyer = body.unconfirmedOrdersPerBuyer
  if (body.unconfirmedOrderHours !== undefined) changes.unconfirmedOrderHours = body.unconfirmedOrderHours
  if (body.taxRate !== undefined) {
    if (!isMajorAmount(body.taxRate)) errors.push({ path: 'taxRate', message: 'must have at most 2 decimals' })
    else changes.taxRateBps = Math.round(body.taxRate * 100)
  }
  if (body.paymentOptions) {
    const seen = new Set<string>()
    changes.paymentOptions = body.paymentOptions.map((option, i) => {
      if (seen.has(option.provider)) errors.push({ path: `paymentOptions.${i}.provider`, message: 'appears twice' })
      seen.add(option.provider)
      const text = option.label?.trim()
      return { provider: option.provider, enabled: option.enabled, ...(text ? { label: text } : {}) }
    })
  }
  if (body.offersPickup !== undefined) changes.offersPickup = body.offersPickup
  if (body.offersDelivery !== undefined) changes.offersDelivery = body.offersDelivery
  if (body.pickupAddress !== undefined) changes.pickupAddress = body.pickupAddress.trim()
  if (body.pickupDirections !== undefined) changes.pickupDirections = body.pickupDirections.trim()
  if (body.pickupHours !== undefined) changes.pickupHours = body.pickupHours.trim()
  if (body.domains) {
    const domains = new Set<string>()
    body.domains.forEach((raw, i) => {
      const result = normalizeCustomDomain(raw, config)
      if ('error' in result) errors.push({ path: `domains.${i}`, message: result.error })
      else domains.add(result.domain)
    })
    changes.domains = [...domains]
  }
  if (errors.length) invalidBody(errors)
  return changes
}

const takenMessage = 'is already verified by another shop'

type Fulfilment = Pick<ShopConfigRecord, 'offersPickup' | 'offersDelivery' | 'pickupAddress'>

/**
 * How the shop hands orders over, after the changes: at least one of pick-up and delivery, and pick-up
 * needs a place to collect from (decision 66). A shop that offered pick-up without an address before
 * addresses existed keeps saving other settings; only a change to pick-up itself must name the place.
 */
function checkFulfilment(current: Fulfilment, changes: ShopConfigChanges): void {
  const after = { ...current, ...changes }
  const errors: FieldError[] = []
  if (!after.offersPickup && !after.offersDelivery) {
    const path = changes.offersPickup === false ? 'offersPickup' : 'offersDelivery'
    errors.push({ path, message: 'cannot be turned off too: offer pick-up, delivery or both' })
  }
  const touchesPickup = changes.offersPickup === true || changes.pickupAddress !== undefined
  if (after.offersPickup && touchesPickup && !after.pickupAddress) {
    errors.push({ path: 'pickupAddress', message: 'is required to offer pick-up: say where buyers collect their orders' })
  }
  if (errors.length) invalidBody(errors)
}

export async function updateShopConfig(ctx: ServiceContext, shopId: string, body: ShopConfigPatch): Promise<ShopConfigDto> {
  await ctx.actor.authorize(shopId, 'settings.manage')
  const changes = toChanges(body, ctx.config)
  const db = ctx.db
  if (changes.offersPickup !== undefined || changes.offersDelivery !== undefined || changes.pickupAddress !== undefined) {
    checkFulfilment((await findShopConfig(db, shopId)) ?? { offersPickup: true, offersDelivery: true, pickupAddress: '' }, changes)
  }
  const online = await onlinePayments(ctx, shopId)
  const paystackAt = changes.paymentOptions?.findIndex((option) => option.provider === 'paystack' && option.enabled) ?? -1
  if (paystackAt >= 0 && online !== 'ready') {
    // Online payments settle to the shop's own account (decision 58): without one there is nowhere to pay.
    throw Conflict(onlinePaymentsRefusal[online], [{ path: `paymentOptions.${paystackAt}.enabled`, message: onlinePaymentsRefusal[online] }])
  }
  if (changes.domains) {
    // Only new claims are checked: a pending domain the shop already had stays listed (its check answers
    // 409). Another shop's pending claim does not block this one; only a verified domain is taken.
    const current = new Set((await findShopDomainRows(db, shopId)).map((row) => row.domain))
    const taken = await findDomainsVerifiedByOtherShops(db, shopId, changes.domains.filter((domain) => !current.has(domain)))
    if (taken.length) {
      throw Conflict(
        `${taken[0]} is already used by another shop`,
        taken.map((domain) => ({ path: `domains.${body.domains!.findIndex((raw) => normalizeHost(raw) === domain)}`, message: takenMessage })),
      )
    }
  }
  try {
    return toShopConfig(await saveShopConfig(db, shopId, changes), online)
  } catch (error) {
    // Another request turned the other one off between the check above and this save.
    if (isCheckViolation(error, 'shop_configs_fulfilment_check')) {
      invalidBody([{ path: 'offersPickup', message: 'cannot be turned off too: offer pick-up, delivery or both' }])
    }
    throw error
  }
}

/** How much of a check's failure reason is kept: enough to read, not a place to store a page. */
const CHECK_ERROR_MAX = 500

/**
 * Checks a pending custom domain now (DNS TXT record or well-known file) and records the outcome; a
 * domain that proves control becomes verified. A verified domain is answered as it is.
 */
export async function checkShopDomain(ctx: ServiceContext, shopId: string, rawDomain: string): Promise<ShopDomainDto> {
  await ctx.actor.authorize(shopId, 'settings.manage')
  const db = ctx.db
  const domain = normalizeHost(rawDomain)
  const row = await findShopDomainRow(db, shopId, domain)
  if (!row) throw NotFound(`${domain} is not one of this shop's custom domains`)
  if (row.status === 'verified') return toShopDomain(row)
  // Settings may have changed since the domain was added: a platform host is never verified.
  const valid = normalizeCustomDomain(domain, ctx.config)
  if ('error' in valid) throw BadRequest(`Invalid params: domain ${valid.error}`, [{ path: 'domain', message: valid.error }])
  const taken = () => Conflict(`${domain} ${takenMessage}`, [{ path: 'domain', message: takenMessage }])
  if ((await findDomainsVerifiedByOtherShops(db, shopId, [domain])).length) throw taken()

  const result = await checkDomain(ctx.config, domain, row.verificationToken)
  let saved
  try {
    saved = await recordDomainCheck(db, row.id, result.verified ? result : { verified: false, error: result.error.slice(0, CHECK_ERROR_MAX) })
  } catch (error) {
    // Another shop verified it between the look-up above and this write.
    if (isUniqueViolation(error, 'shop_domains_verified_domain_key')) throw taken()
    throw error
  }
  if (!saved) throw NotFound(`${domain} is not one of this shop's custom domains`)
  return toShopDomain(saved)
}
