/**
 * Delivery: Ghana's regions (reference data), each shop's rates and which of them apply to a region.
 * Rates are public while active; writing them, or seeing inactive ones, is a setting (administrator and
 * owner). Input is already schema-checked; this adds what a schema cannot check (known regions, two
 * decimals, the shop's currency).
 */
import { isMajorAmount, toMinor } from '@shop/domain'
import type { ServiceContext } from '../../context'
import type { Db } from '../../db/client'
import { type FieldError, NotFound, invalidBody } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { type RateRow, calculatedRateDto, rateDto, regionDto } from './delivery.dto'
import {
  type RateChanges,
  existingRegionIds,
  findApplicableRateRow,
  findRate,
  findRatesForRegion,
  findRegion,
  findRegionNames,
  findShopCurrency,
  insertRate,
  listRates,
  listRegions,
  rateQuerySpec,
  updateRate,
} from './delivery.repository'
import type { CalculateInput, CalculationDto, RateCreateInput, RateDto, RatePatchInput, RegionDto } from './delivery.schemas'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Which rates a list shows: active ones (everyone), inactive ones or all (settings.manage only). */
export type RateVisibility = 'true' | 'false' | 'all'


/** Region names by id ("GH-NP" → "Northern") for the ids given; an unknown id is left out. */
export async function regionNames(ctx: ServiceContext, ids: readonly string[]): Promise<Map<string, string>> {
  return findRegionNames(ctx.db, [...new Set(ids)])
}

/** Every region of a country, sorted by name; reference data, so the whole list is one page. */
export async function listCountryRegions(ctx: ServiceContext, country: string): Promise<Page<RegionDto>> {
  const rows = await listRegions(ctx.db, country)
  return { total: rows.length, limit: rows.length, skip: 0, data: rows.map(regionDto) }
}

export async function listShopRates(
  ctx: ServiceContext,
  shopId: string,
  visibility: RateVisibility,
  query: Record<string, unknown>,
): Promise<Page<RateDto>> {
  // The storefront's checkout reads this list too, so nobody sees an inactive rate without asking for it.
  if (visibility !== 'true') await ctx.actor.authorize(shopId, 'settings.manage')
  const parsed = parseQuery(rateQuerySpec, query)
  const active = visibility === 'all' ? null : visibility === 'true'
  const { rows, total } = await listRates(ctx.db, shopId, active, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(rateDto) }
}

async function checkedRegions(db: Db, regions: string[]): Promise<string[]> {
  const known = await existingRegionIds(db, regions)
  const errors = regions.flatMap((id, i) => (known.has(id) ? [] : [{ path: `regions.${i}`, message: 'is not a known region' }]))
  if (errors.length) invalidBody(errors)
  return regions
}

/** The fee in minor units, in the shop's currency (a fee is added to the shop's order totals). */
function checkedFee(rate: { value: number; currency?: string }, shopCurrency: string): { rateMinor: number; currency: string } {
  const errors: FieldError[] = []
  if (!isMajorAmount(rate.value)) errors.push({ path: 'rate.value', message: 'must be an amount with at most 2 decimals' })
  if (rate.currency !== undefined && rate.currency !== shopCurrency) {
    errors.push({ path: 'rate.currency', message: `must be ${shopCurrency}, the shop's currency` })
  }
  if (errors.length) invalidBody(errors)
  return { rateMinor: toMinor(rate.value), currency: shopCurrency }
}

export async function createRate(ctx: ServiceContext, input: RateCreateInput): Promise<RateDto> {
  await ctx.actor.authorize(input.shop, 'settings.manage')
  const db = ctx.db
  const shopCurrency = await findShopCurrency(db, input.shop)
  if (!shopCurrency) throw NotFound('No such shop')
  const fee = checkedFee(input.rate, shopCurrency)
  const regions = await checkedRegions(db, input.regions)
  const row = await insertRate(db, {
    shopId: input.shop,
    name: input.name.trim(),
    regions,
    ...fee,
    paymentOption: input.paymentOption,
    estimatedDays: input.estimatedDays ?? null,
    active: input.active ?? true,
  })
  return rateDto(row)
}

export async function patchRate(ctx: ServiceContext, id: string, input: RatePatchInput): Promise<RateDto> {
  ctx.actor.requireUser()
  const db = ctx.db
  const existing = await findRate(db, id)
  if (!existing) throw NotFound('No such delivery rate')
  await ctx.actor.authorize(existing.shopId, 'settings.manage')

  const changes: RateChanges = {}
  if (input.name !== undefined) changes.name = input.name.trim()
  if (input.rate !== undefined) {
    Object.assign(changes, checkedFee(input.rate, (await findShopCurrency(db, existing.shopId)) ?? existing.currency))
  }
  if (input.regions !== undefined) changes.regions = await checkedRegions(db, input.regions)
  if (input.paymentOption !== undefined) changes.paymentOption = input.paymentOption
  if (input.estimatedDays !== undefined) changes.estimatedDays = input.estimatedDays
  if (input.active !== undefined) changes.active = input.active

  const row = await updateRate(db, id, changes)
  if (!row) throw NotFound('No such delivery rate')
  return rateDto(row)
}

/** The shop's active rates that deliver to the region, cheapest first, with their fees. */
export async function calculateDelivery(ctx: ServiceContext, input: CalculateInput): Promise<CalculationDto> {
  const db = ctx.db
  const region = await findRegion(db, input.region)
  if (!region) invalidBody([{ path: 'region', message: 'is not a known region' }])
  if (!(await findShopCurrency(db, input.shop))) throw NotFound('No such shop')
  const rows = await findRatesForRegion(db, input.shop, region.id)
  return { region: region.id, rates: rows.map(calculatedRateDto) }
}

/**
 * For orders and checkouts: the rate row if it is active, belongs to the shop and delivers to the region,
 * else null. Pass a context on the caller's transaction (`withDb`) to read inside it.
 */
export async function findApplicableRate(ctx: ServiceContext, shopId: string, rateId: string, region: string): Promise<RateRow | null> {
  // Ids come from request bodies; a malformed one matches nothing instead of reaching PostgreSQL.
  if (!uuidPattern.test(shopId) || !uuidPattern.test(rateId)) return null
  return findApplicableRateRow(ctx.db, shopId, rateId, region)
}
