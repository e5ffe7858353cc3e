/** The delivery rate form (name, regions, fee, payment option, estimated days, active) and its request bodies. */
import type { DeliveryRate, RateCreateInput, RatePatchInput, Region } from '@shop/domain/schemas/delivery'
import { numberField } from './number-field'

export type RateForm = {
  name: string
  regions: string[]
  fee: string
  paymentOption: DeliveryRate['paymentOption']
  estimatedDays: string
  active: boolean
}

export const emptyRateForm: RateForm = { name: '', regions: [], fee: '', paymentOption: 'on-delivery', estimatedDays: '', active: true }

export function rateToForm(rate: DeliveryRate): RateForm {
  return {
    name: rate.name,
    regions: [...rate.regions],
    fee: String(rate.rate.value),
    paymentOption: rate.paymentOption,
    estimatedDays: rate.estimatedDays === null ? '' : String(rate.estimatedDays),
    active: rate.active,
  }
}

/** The body fields both calls share; the currency is left to the API (the shop's own). Validate before sending. */
export function ratePatchBody(form: RateForm): RatePatchInput {
  return {
    name: form.name.trim(),
    regions: form.regions,
    rate: { value: numberField(form.fee) },
    paymentOption: form.paymentOption,
    estimatedDays: form.estimatedDays.trim() === '' ? null : numberField(form.estimatedDays),
    active: form.active,
  } as RatePatchInput
}

export function rateCreateBody(shop: string, form: RateForm): RateCreateInput {
  return { shop, ...ratePatchBody(form) } as RateCreateInput
}

/** Ticks or unticks one region, keeping the list in the regions' own order. */
export function toggleRegion(selected: readonly string[], id: string, checked: boolean, all: readonly Region[]): string[] {
  const next = new Set(selected)
  if (checked) next.add(id)
  else next.delete(id)
  return all.map((region) => region._id).filter((regionId) => next.has(regionId))
}

/** "All regions", or the regions' names. */
export function regionSummary(ids: readonly string[], all: readonly Region[]): string {
  if (all.length > 0 && all.every((region) => ids.includes(region._id))) return 'All regions'
  const names = new Map(all.map((region) => [region._id, region.name]))
  return ids.map((id) => names.get(id) ?? id).join(', ')
}
