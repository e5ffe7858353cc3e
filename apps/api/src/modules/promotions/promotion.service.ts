/**
 * Promotions without codes (decision 78). Managers and up (discounts.manage) list, create, change and
 * delete them and set whether they stack with discount codes (decision 79). Anyone reads a shop's live
 * ones (decision 80): the product page and the cart say "Free delivery over GHS 300". Checkouts and orders
 * apply them through `shopPromotions` and the domain's `applyPromotions` (pricing-snapshot.ts).
 */
import { type PromotionRule, toMinor } from '@shop/domain'
import {
  type Promotion,
  type PromotionCreateInput,
  type PromotionListItem,
  type PromotionPatchInput,
  type PromotionSettings,
  promotionProblems,
} from '@shop/domain/schemas/promotion'
import type { ServiceContext } from '../../context'
import { NotFound, invalidBody } from '../../lib/errors'
import type { Page } from '../../lib/feathers-query'
import { regionNames } from '../delivery/delivery.service'
import { promotionDto, publicPromotionDto, ruleOf } from './promotion.dto'
import {
  type PromotionChanges,
  type PromotionRow,
  deletePromotion,
  findActivePromotions,
  findPromotionRow,
  findPromotionTerms,
  insertPromotion,
  listActivePromotionRows,
  listPromotionRows,
  setStacksWithCodes,
  updatePromotion,
} from './promotion.repository'
import { promotionLive } from '@shop/domain'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function shopCurrency(ctx: ServiceContext, shopId: string): Promise<string> {
  const terms = await findPromotionTerms(ctx.db, shopId)
  if (!terms) throw NotFound('No such shop')
  return terms.currency
}

/** Known delivery region ids, each once (a 400 names an unknown one). */
async function checkedRegions(ctx: ServiceContext, regions: readonly string[]): Promise<string[]> {
  const unique = [...new Set(regions.map((r) => r.trim()))]
  const known = await regionNames(ctx, unique)
  const errors = unique.flatMap((id, i) => (known.has(id) ? [] : [{ path: `regions.${i}`, message: 'is not a known delivery region' }]))
  if (errors.length) invalidBody(errors)
  return unique
}

const storedValue = (kind: PromotionRow['kind'], value: number | undefined) =>
  kind === 'free-delivery' || value === undefined ? 0 : kind === 'fixed' ? toMinor(value) : value
const instant = (iso: string | null | undefined) => (iso ? new Date(iso) : null)

/**
 * GET /api/promotions/?shop=: staff who manage discounts get every promotion with its switch and whether
 * it is live; anyone else (shoppers, other staff) only the live ones, with what shoppers read.
 */
export async function listPromotions(ctx: ServiceContext, shopId: string): Promise<Page<PromotionListItem>> {
  const currency = await shopCurrency(ctx, shopId)
  const now = ctx.clock.now()
  if (await ctx.actor.can(shopId, 'discounts.manage')) {
    const rows = await listPromotionRows(ctx.db, shopId)
    return { total: rows.length, limit: rows.length, skip: 0, data: rows.map((row) => promotionDto(row, currency, now)) }
  }
  const rows = (await listActivePromotionRows(ctx.db, shopId)).filter((row) => promotionLive(row, now))
  return { total: rows.length, limit: rows.length, skip: 0, data: rows.map((row) => publicPromotionDto(row, currency)) }
}

async function staffPromotion(ctx: ServiceContext, id: string): Promise<PromotionRow> {
  ctx.actor.requireUser()
  const row = await findPromotionRow(ctx.db, id)
  if (!row) throw NotFound('No such promotion')
  await ctx.actor.authorize(row.shopId, 'discounts.manage')
  return row
}

export async function getPromotion(ctx: ServiceContext, id: string): Promise<Promotion> {
  const row = await staffPromotion(ctx, id)
  return promotionDto(row, await shopCurrency(ctx, row.shopId), ctx.clock.now())
}

export async function createPromotion(ctx: ServiceContext, input: PromotionCreateInput): Promise<Promotion> {
  await ctx.actor.authorize(input.shop, 'discounts.manage')
  const problems = promotionProblems(input)
  if (problems.length) invalidBody(problems)
  const row = await insertPromotion(ctx.db, {
    shopId: input.shop,
    name: input.name?.trim() ?? '',
    kind: input.kind,
    value: storedValue(input.kind, input.value),
    minSubtotalMinor: toMinor(input.minSubtotal ?? 0),
    regions: input.regions ? await checkedRegions(ctx, input.regions) : [],
    startsAt: instant(input.startsAt),
    endsAt: instant(input.endsAt),
    active: input.active ?? true,
  })
  return promotionDto(row, await shopCurrency(ctx, row.shopId), ctx.clock.now())
}

export async function patchPromotion(ctx: ServiceContext, id: string, input: PromotionPatchInput): Promise<Promotion> {
  const existing = await staffPromotion(ctx, id)
  // The rules are checked on the promotion as it will be: the window's other end may be the stored one.
  const problems = promotionProblems({
    kind: existing.kind,
    value: input.value,
    minSubtotal: input.minSubtotal,
    regions: input.regions,
    startsAt: input.startsAt === undefined ? existing.startsAt?.toISOString() : input.startsAt,
    endsAt: input.endsAt === undefined ? existing.endsAt?.toISOString() : input.endsAt,
  }).filter((problem) => !(problem.path === 'value' && input.value === undefined))
  if (problems.length) invalidBody(problems)
  const changes: PromotionChanges = {}
  if (input.name !== undefined) changes.name = input.name.trim()
  if (input.value !== undefined) changes.value = storedValue(existing.kind, input.value)
  if (input.minSubtotal !== undefined) changes.minSubtotalMinor = toMinor(input.minSubtotal)
  if (input.regions !== undefined) changes.regions = await checkedRegions(ctx, input.regions)
  if (input.startsAt !== undefined) changes.startsAt = instant(input.startsAt)
  if (input.endsAt !== undefined) changes.endsAt = instant(input.endsAt)
  if (input.active !== undefined) changes.active = input.active
  const row = await updatePromotion(ctx.db, id, changes)
  if (!row) throw NotFound('No such promotion')
  return promotionDto(row, await shopCurrency(ctx, row.shopId), ctx.clock.now())
}

/** Orders and checkouts keep what they got, so deleting a promotion changes none of them. */
export async function removePromotion(ctx: ServiceContext, id: string): Promise<Promotion> {
  const existing = await staffPromotion(ctx, id)
  const row = await deletePromotion(ctx.db, id)
  if (!row) throw NotFound('No such promotion')
  return promotionDto(row, await shopCurrency(ctx, existing.shopId), ctx.clock.now())
}

export async function getPromotionSettings(ctx: ServiceContext, shopId: string): Promise<PromotionSettings> {
  const terms = await findPromotionTerms(ctx.db, shopId)
  if (!terms) throw NotFound('No such shop')
  return { shop: shopId, stacksWithCodes: terms.stacksWithCodes }
}

export async function patchPromotionSettings(ctx: ServiceContext, shopId: string, input: { stacksWithCodes: boolean }): Promise<PromotionSettings> {
  await ctx.actor.authorize(shopId, 'discounts.manage')
  await setStacksWithCodes(ctx.db, shopId, input.stacksWithCodes)
  return getPromotionSettings(ctx, shopId)
}

// ---------------------------------------------------------------- for checkouts and orders

export type ShopPromotions = { rules: PromotionRule[]; stacksWithCodes: boolean }

/** The shop's switched-on promotions and its stacking setting, for pricing (windows are the domain's to check). */
export async function shopPromotions(ctx: ServiceContext, shopId: string): Promise<ShopPromotions> {
  if (!uuidPattern.test(shopId)) return { rules: [], stacksWithCodes: false }
  const { rows, stacksWithCodes } = await findActivePromotions(ctx.db, shopId)
  return { rules: rows.map(ruleOf), stacksWithCodes }
}

/**
 * What an edited order is judged by (decision 94): the promotions as they stood when it was placed, at
 * `placedAt`. The shop's switched-on ones that existed then, with their windows read at that moment, and
 * those the order got (`got`) even if switched off or ended since (their terms as they are now); one
 * deleted since is gone. The stacking setting is today's.
 */
export async function promotionsAsPlaced(ctx: ServiceContext, shopId: string, placedAt: Date, got: readonly string[]): Promise<ShopPromotions> {
  const [rows, terms] = await Promise.all([listPromotionRows(ctx.db, shopId), findPromotionTerms(ctx.db, shopId)])
  const rules = rows.flatMap((row) => {
    if (got.includes(row.id)) return [{ ...ruleOf(row), active: true, startsAt: null, endsAt: null }]
    return row.active && row.createdAt.getTime() <= placedAt.getTime() ? [ruleOf(row)] : []
  })
  return { rules, stacksWithCodes: terms?.stacksWithCodes ?? false }
}
