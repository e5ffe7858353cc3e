/** Row → response mappers for delivery. Only the fields listed here ever reach a client. */
import { toMajor } from '@shop/domain'
import type { deliveryRates, deliveryRegions } from '../../db/schema'
import type { CalculationDto, RateDto, RegionDto } from './delivery.schemas'

export type RegionRow = typeof deliveryRegions.$inferSelect
export type RateRow = typeof deliveryRates.$inferSelect

export function regionDto(row: RegionRow): RegionDto {
  return { _id: row.id, country: row.country, name: row.name, capital: row.capital }
}

export function rateDto(row: RateRow): RateDto {
  return {
    _id: row.id,
    shop: row.shopId,
    name: row.name,
    regions: [...row.regions],
    rate: { value: toMajor(row.rateMinor), currency: row.currency },
    paymentOption: row.paymentOption,
    estimatedDays: row.estimatedDays,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function calculatedRateDto(row: RateRow): CalculationDto['rates'][number] {
  return {
    _id: row.id,
    name: row.name,
    fee: { value: toMajor(row.rateMinor), currency: row.currency },
    paymentOption: row.paymentOption,
    estimatedDays: row.estimatedDays,
  }
}
