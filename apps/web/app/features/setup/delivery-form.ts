/**
 * The wizard's delivery step: one fee for every region, with other fees for some regions, becomes a few
 * `POST /delivery/rates/` bodies (regions sharing a fee share a rate). Pick-up needs no rate.
 */
import { RateCreateBody, type RateCreateInput } from '@shop/domain/schemas/delivery'
import type { shopConfigPatchBody } from '@shop/domain/schemas/shop'
import type { Static } from 'typebox'
import { type FieldErrors, validate } from '../../lib/form-errors'

type ShopConfigPatch = Static<typeof shopConfigPatchBody>

export type DeliveryValues = {
  mode: 'delivery' | 'pick-up-only' | 'delivery-only'
  /** Where, how to find it and when customers collect (pick-up offered). */
  pickupAddress: string
  pickupDirections: string
  pickupHours: string
  /** The fee for every region without one of its own, as typed. */
  fee: string
  paymentOption: 'instant' | 'on-delivery'
  /** Optional whole days, as typed. */
  estimatedDays: string
  /** Region id → its own fee, as typed; empty for the standard fee. */
  regionFees: Record<string, string>
}

export const emptyDeliveryValues: DeliveryValues = {
  mode: 'delivery',
  pickupAddress: '',
  pickupDirections: '',
  pickupHours: '',
  fee: '',
  paymentOption: 'instant',
  estimatedDays: '',
  regionFees: {},
}

type RegionRef = { _id: string; name: string }

const MONEY = /^\d+(?:\.\d{1,2})?$/
const NAME_MAX = 100

function parseFee(text: string): number | string {
  const trimmed = text.trim()
  if (!trimmed) return 'Enter a fee'
  return MONEY.test(trimmed) ? Number(trimmed) : 'Enter an amount like 20 or 12.50'
}

function rateName(regions: RegionRef[]): string {
  const name = `Delivery to ${regions.map((region) => region.name).join(', ')}`
  return name.length <= NAME_MAX ? name : `Delivery to ${regions.length} regions`
}

/** The shop's pick-up and delivery settings from the step (decision 66), or the message for the address. */
export function pickupSettings(values: DeliveryValues): { body: ShopConfigPatch; errors: FieldErrors } {
  const offersPickup = values.mode !== 'delivery-only'
  const address = values.pickupAddress.trim()
  if (offersPickup && !address) return { body: {}, errors: { pickupAddress: 'Say where customers pick up their orders' } }
  return {
    body: {
      offersPickup,
      offersDelivery: values.mode !== 'pick-up-only',
      ...(offersPickup ? { pickupAddress: address, pickupDirections: values.pickupDirections.trim(), pickupHours: values.pickupHours.trim() } : {}),
    },
    errors: {},
  }
}

/** The rates to create (none for pick-up only) and the messages for the form's fields. */
export function deliveryRates(
  values: DeliveryValues,
  shop: string,
  regions: RegionRef[],
): { bodies: RateCreateInput[]; errors: FieldErrors } {
  if (values.mode === 'pick-up-only') return { bodies: [], errors: {} }
  const errors: FieldErrors = {}

  const days = values.estimatedDays.trim()
  if (days && !/^\d+$/.test(days)) errors.estimatedDays = 'Enter a whole number of days'

  // Regions grouped by their fee, keeping the regions' order; `null` is the standard fee.
  const groups = new Map<number | null, RegionRef[]>()
  for (const region of regions) {
    const own = values.regionFees[region._id]?.trim() ?? ''
    let fee: number | null = null
    if (own) {
      const parsed = parseFee(own)
      if (typeof parsed === 'string') errors[`regionFees.${region._id}`] = parsed
      else fee = parsed
    }
    groups.set(fee, [...(groups.get(fee) ?? []), region])
  }
  const standard = groups.has(null) ? parseFee(values.fee) : null
  if (typeof standard === 'string') errors.fee = standard
  if (Object.keys(errors).length > 0) return { bodies: [], errors }

  // An own fee equal to the standard one is the standard rate.
  if (typeof standard === 'number' && groups.has(standard)) {
    groups.set(null, [...groups.get(null)!, ...groups.get(standard)!])
    groups.delete(standard)
  }

  const bodies: RateCreateInput[] = []
  for (const [fee, members] of groups) {
    const body: RateCreateInput = {
      shop,
      name: fee === null ? 'Standard delivery' : rateName(members),
      regions: members.map((region) => region._id),
      rate: { value: fee ?? (standard as number) },
      paymentOption: values.paymentOption,
      ...(days ? { estimatedDays: Number(days) } : {}),
    }
    for (const [path, message] of Object.entries(validate(RateCreateBody, body))) {
      if (path === 'rate.value') {
        const fields = fee === null ? ['fee'] : members.map((region) => `regionFees.${region._id}`)
        for (const field of fields) errors[field] ??= message
      } else if (path === 'estimatedDays') errors.estimatedDays ??= message
      else errors.form ??= message
    }
    bodies.push(body)
  }
  return { bodies: Object.keys(errors).length > 0 ? [] : bodies, errors }
}
