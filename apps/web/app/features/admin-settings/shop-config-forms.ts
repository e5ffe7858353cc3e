/**
 * The shop settings forms (tax, custom domains, payment options, Facebook meta, unpaid orders, shoppers'
 * orders) and their PATCH bodies.
 */
import { type PaymentProviderName, paymentProviders } from '@shop/domain/schemas/payments'
import type { ShopConfig, ShopPaymentOption, shopConfigPatchBody } from '@shop/domain/schemas/shop'
import type { Static } from 'typebox'
import type { FieldErrors } from '../../lib/form-errors'
import { numberField } from './number-field'

/** A part of the shop's settings, as one form saves it (the page's `update-config` intent). */
export type ShopConfigPatch = Static<typeof shopConfigPatchBody>

export const MAX_DOMAINS = 20

/** Validate before sending: the text may not be a number yet. */
export function taxRateBody(text: string): ShopConfigPatch {
  return { taxRate: numberField(text) } as ShopConfigPatch
}

/** Minutes an online payment may take before the order is canceled; whole minutes, checked by the schema. */
export function unpaidOrderTimeoutBody(text: string): ShopConfigPatch {
  return { unpaidOrderTimeout: numberField(text) } as ShopConfigPatch
}

/** The limits on shoppers' orders as typed: the most per item, orders waiting per buyer, hours to confirm. */
export type ShopperOrdersForm = { shopperLineMax: string; unconfirmedOrdersPerBuyer: string; unconfirmedOrderHours: string }

export function shopperOrdersValues(config: Pick<ShopConfig, keyof ShopperOrdersForm>): ShopperOrdersForm {
  return {
    shopperLineMax: String(config.shopperLineMax),
    unconfirmedOrdersPerBuyer: String(config.unconfirmedOrdersPerBuyer),
    unconfirmedOrderHours: String(config.unconfirmedOrderHours),
  }
}

/** Whole numbers, checked by the schema; text that is not a number yet says "Enter a whole number". */
export function shopperOrdersBody(form: ShopperOrdersForm): ShopConfigPatch {
  return {
    shopperLineMax: numberField(form.shopperLineMax),
    unconfirmedOrdersPerBuyer: numberField(form.unconfirmedOrdersPerBuyer),
    unconfirmedOrderHours: numberField(form.unconfirmedOrderHours),
  } as ShopConfigPatch
}

export function facebookMetaBody(text: string): ShopConfigPatch {
  return { facebook: { meta: text.trim() } }
}

/**
 * Adds a host name typed or pasted in (a pasted address keeps only its host); the API checks the rest
 * (at least two labels, not the platform's own domain, not another shop's).
 */
export function addDomain(domains: readonly string[], raw: string): { domains: string[] } | { error: string } {
  const domain = raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '')
  if (!domain) return { error: 'Enter a host name such as shop.example.com' }
  if (domains.includes(domain)) return { error: `${domain} is already in the list` }
  if (domains.length >= MAX_DOMAINS) return { error: `A shop can have at most ${MAX_DOMAINS} domains` }
  return { domains: [...domains, domain] }
}

export function removeDomain(domains: readonly string[], index: number): string[] {
  return domains.filter((_, i) => i !== index)
}

/**
 * The messages for `domains.{n}` by host, read against the list that was sent: once a domain is removed
 * the positions shift, and a message must stay with its own host rather than move to the next one.
 */
export function domainErrors(errors: FieldErrors, sent: readonly string[]): Record<string, string> {
  const byHost: Record<string, string> = {}
  sent.forEach((domain, index) => {
    const message = errors[`domains.${index}`]
    if (message) byHost[domain] = message
  })
  return byHost
}

export type PaymentOptionRow = { provider: PaymentProviderName; enabled: boolean; label: string }

/** Every provider once: the shop's own in its order (the first is the checkout's default), then the rest, off. */
export function paymentOptionRows(options: readonly ShopPaymentOption[]): PaymentOptionRow[] {
  const rows: PaymentOptionRow[] = []
  for (const option of options) {
    if (!rows.some((row) => row.provider === option.provider)) {
      rows.push({ provider: option.provider, enabled: option.enabled, label: option.label ?? '' })
    }
  }
  for (const provider of paymentProviders) {
    if (!rows.some((row) => row.provider === provider)) rows.push({ provider, enabled: false, label: '' })
  }
  return rows
}

/** An empty label is left out, so buyers see the provider's default. */
export function paymentOptionsBody(rows: readonly PaymentOptionRow[]): ShopConfigPatch {
  return {
    paymentOptions: rows.map(({ provider, enabled, label }) => {
      const text = label.trim()
      return text ? { provider, enabled, label: text } : { provider, enabled }
    }),
  }
}

/** How the shop hands orders over, as the form holds it (decision 66). */
export type PickupForm = {
  offersPickup: boolean
  offersDelivery: boolean
  pickupAddress: string
  pickupDirections: string
  pickupHours: string
}

export function pickupValues(config: Pick<ShopConfig, keyof PickupForm>): PickupForm {
  const { offersPickup, offersDelivery, pickupAddress, pickupDirections, pickupHours } = config
  return { offersPickup, offersDelivery, pickupAddress, pickupDirections, pickupHours }
}

/** What the API would refuse, said in the form's words: at least one way, and pick-up needs a place. */
export function pickupProblems(form: PickupForm): FieldErrors {
  const errors: FieldErrors = {}
  if (!form.offersPickup && !form.offersDelivery) errors.offersDelivery = 'Offer pick-up, delivery or both.'
  if (form.offersPickup && !form.pickupAddress.trim()) errors.pickupAddress = 'Say where customers pick up their orders.'
  return errors
}

export function pickupBody(form: PickupForm): ShopConfigPatch {
  return {
    offersPickup: form.offersPickup,
    offersDelivery: form.offersDelivery,
    pickupAddress: form.pickupAddress.trim(),
    pickupDirections: form.pickupDirections.trim(),
    pickupHours: form.pickupHours.trim(),
  }
}
