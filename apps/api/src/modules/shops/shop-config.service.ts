/**
 * A shop's settings (DESIGN §6 "settings"): Facebook domain verification, tax, payment options and custom
 * domains. Administrators and owners only.
 */
import { isMajorAmount } from '@shop/domain'
import type { FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import type { Config } from '../../config'
import { BadRequest, Conflict, type FieldError, isUniqueViolation } from '../../lib/errors'
import { authorize } from '../../plugins/auth'
import { type ShopConfigDto, toShopConfig } from './shop.dto'
import type { shopConfigPatchBody } from './shop.schemas'
import { type ShopConfigChanges, findDomainsOfOtherShops, findShopConfig, saveShopConfig } from './shop-config.repository'
import { normalizeHost } from './shop-host'

type ShopConfigPatch = Static<typeof shopConfigPatchBody>

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

function invalid(errors: FieldError[]): never {
  throw BadRequest(`Invalid body: ${errors[0]!.path} ${errors[0]!.message}`, errors)
}

function withoutPort(host: string): string {
  return host.replace(/:\d+$/, '')
}

/**
 * A custom domain as hosts are matched (lower-case, no trailing dot, optional port), or an error message.
 * The root domain and its subdomains are the platform's own and cannot be claimed.
 */
export function normalizeCustomDomain(raw: string, config: Pick<Config, 'rootDomain'>): { domain: string } | { error: string } {
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
  const root = withoutPort(config.rootDomain)
  if (hostname === root || hostname.endsWith(`.${root}`)) {
    return { error: `must not be ${config.rootDomain} or one of its subdomains` }
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

export async function getShopConfig(request: FastifyRequest, shopId: string): Promise<ShopConfigDto> {
  await authorize(request, shopId, 'settings.manage')
  const config = await findShopConfig(request.server.db, shopId)
  // A shop without a settings row has the defaults until first saved.
  return toShopConfig(
    config ?? { shopId, facebookMeta: '', taxRateBps: 0, paymentOptions: [], unpaidOrderTimeoutMinutes: 30, updatedAt: new Date(), domains: [] },
  )
}

function toChanges(body: ShopConfigPatch, config: Pick<Config, 'rootDomain'>): ShopConfigChanges {
  const errors: FieldError[] = []
  const changes: ShopConfigChanges = {}
  if (body.facebook) {
    const code = facebookVerificationCode(body.facebook.meta)
    if (code === null) errors.push({ path: 'facebook.meta', message: 'must be the verification code (letters, digits, - and _) or the <meta> tag that holds it' })
    else changes.facebookMeta = code
  }
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
  if (body.domains) {
    const domains = new Set<string>()
    body.domains.forEach((raw, i) => {
      const result = normalizeCustomDomain(raw, config)
      if ('error' in result) errors.push({ path: `domains.${i}`, message: result.error })
      else domains.add(result.domain)
    })
    changes.domains = [...domains]
  }
  if (errors.length) invalid(errors)
  return changes
}

export async function updateShopConfig(request: FastifyRequest, shopId: string, body: ShopConfigPatch): Promise<ShopConfigDto> {
  await authorize(request, shopId, 'settings.manage')
  const changes = toChanges(body, request.server.config)
  const db = request.server.db
  if (changes.domains) {
    const taken = await findDomainsOfOtherShops(db, shopId, changes.domains)
    if (taken.length) {
      throw Conflict(
        `${taken[0]} is already used by another shop`,
        taken.map((domain) => ({ path: `domains.${body.domains!.findIndex((raw) => normalizeHost(raw) === domain)}`, message: 'is already used by another shop' })),
      )
    }
  }
  try {
    return toShopConfig(await saveShopConfig(db, shopId, changes))
  } catch (error) {
    // Claimed by another shop between the check above and the write.
    if (isUniqueViolation(error, 'shop_domains_domain_key')) throw Conflict('A domain is already used by another shop')
    throw error
  }
}
