/**
 * The server-priced snapshot shared by checkouts and orders: lines priced from the catalog with the
 * displayed price, the delivery rate checked against the shop and region, the discount code's terms, tax
 * from the shop's settings, and the amounts in minor units. Nothing the client sends is a price.
 *
 * A checkout is a preview: a code that cannot be used now simply gives no discount. An order redeems the
 * code inside its transaction (place-order.ts), so an unusable code fails the order (422/409).
 */
import {
  type PromotionOutcome,
  applyPromotions,
  deliveryWaivedMinor,
  discountAmount,
  noPromotion,
  promotionDiscountMinor,
  subtotal,
  taxAmount,
  variantPriceMinor,
} from '@shop/domain'
import type { ServiceContext } from '../../context'
import type { AppliedPromotions, DiscountTerms } from '../../db/schema'
import { type FieldError, NotFound, invalidBody } from '../../lib/errors'
import { findApplicableRate } from '../delivery/delivery.service'
import { discountRuleProblem, findValidDiscountCode } from '../discounts/discount.service'
import { type ShopPromotions, shopPromotions } from '../promotions/promotion.service'
import { type PricedProduct, type ShopTerms, findShopForPricing } from './order.repository'
import type { DeliveryDetails, LineItem } from '../../db/schema'
import type { DeliveryInput, DiscountInput, ItemInput } from './orders.schemas'

export type SnapshotInput = { items: ItemInput[]; delivery: DeliveryInput; discount?: DiscountInput }

export type PricedSnapshot = {
  currency: string
  items: LineItem[]
  delivery: DeliveryDetails
  /** The code's terms: a percent, or minor units for a fixed code. */
  discount: DiscountTerms | null
  /** Orders only: the redeemed code's id. */
  discountCodeId: string | null
  subtotalMinor: number
  taxMinor: number
  /** The chosen rate's fee; 0 for pick-up. */
  deliveryMinor: number
  discountMinor: number
  /** What promotions gave (decision 78), kept as they were; null when they gave nothing. */
  promotions: AppliedPromotions | null
  promotionMinor: number
  /** The delivery fee a free-delivery promotion waived. */
  deliveryWaivedMinor: number
  /** A code was given and is valid, but the promotions were better for the buyer and it was left unused (decision 79). */
  codeSetAside: boolean
}


/** The shop's terms and the catalog rows the items name: what a snapshot is priced from. */
export type PricingContext = { terms: ShopTerms; products: Map<string, PricedProduct> }

export async function loadPricingContext(ctx: ServiceContext, shopId: string, items: readonly { product: string }[]): Promise<PricingContext> {
  const ids = [...new Set(items.map((item) => item.product.toLowerCase()))]
  const found = await findShopForPricing(ctx.db, shopId, ids)
  if (!found) throw NotFound('No such shop')
  return { terms: found.terms, products: new Map(found.products.map((product) => [product.id, product])) }
}

/** Checks that need no database: each product+variant once, as the cart keeps them (docs/product.md §5). */
export function checkItemShape(items: ItemInput[]): void {
  const errors: FieldError[] = []
  const seen = new Map<string, number>()
  items.forEach((item, i) => {
    const key = `${item.product.toLowerCase()}/${item.variant ?? ''}`
    const first = seen.get(key)
    if (first === undefined) seen.set(key, i)
    else errors.push({ path: `items.${i}`, message: `repeats items.${first} (same product and variant)` })
  })
  if (errors.length) invalidBody(errors)
}

/** An item to price and its place in the request (`items.{index}`), which its errors name. */
export type PlacedItem = { index: number; item: ItemInput }

function priceLines({ terms, products }: PricingContext, entries: readonly PlacedItem[], errors: FieldError[]): LineItem[] {
  const lines: LineItem[] = []
  for (const { index: i, item } of entries) {
    const product = products.get(item.product.toLowerCase())
    if (!product) {
      errors.push({ path: `items.${i}.product`, message: 'is not an available product of this shop' })
      continue
    }
    if (product.currency !== terms.currency) {
      errors.push({ path: `items.${i}.product`, message: `is priced in ${product.currency}; this shop sells in ${terms.currency}` })
      continue
    }
    const variantId = item.variant ?? null
    const variant = variantId === null ? undefined : product.variants.find((v) => v._id === variantId)
    if (product.variants.length > 0 && variantId === null) {
      errors.push({ path: `items.${i}.variant`, message: 'is required: the product has variants' })
      continue
    }
    if (product.variants.length > 0 && !variant) {
      errors.push({ path: `items.${i}.variant`, message: 'is not a variant of the product' })
      continue
    }
    if (product.variants.length === 0 && variantId !== null) {
      errors.push({ path: `items.${i}.variant`, message: 'must be omitted: the product has no variants' })
      continue
    }
    // A variant with its own price is sold at it; the line keeps the price it was sold at.
    const { priceMinor, sellAtMinor, unitPriceMinor } = variantPriceMinor(product, variant)
    lines.push({
      product: product.id,
      ...(variant ? { variant: variant._id, features: { ...variant.features } } : {}),
      ...(variant?.sku ? { sku: variant.sku } : {}),
      count: item.count,
      title: product.title,
      unitPriceMinor,
      currency: product.currency,
      priceMinor,
      sellAtMinor,
      // The variant's picture first: the one the shopper chose.
      images: variant?.image ? [variant.image, ...product.images.filter((image) => image.url !== variant.image!.url)] : product.images,
    })
  }
  return lines
}

async function resolveDelivery(ctx: ServiceContext, terms: ShopTerms, input: DeliveryInput, errors: FieldError[]): Promise<DeliveryDetails> {
  const phone = input.phone ? { phone: input.phone } : {}
  const offered = input.type === 'pick-up' ? terms.offersPickup : terms.offersDelivery
  if (!offered) {
    const message = input.type === 'pick-up' ? 'is not offered: this shop does not offer pick-up' : 'is not offered: this shop does not deliver'
    errors.push({ path: 'delivery.type', message })
  }
  if (input.type === 'pick-up') {
    for (const field of ['region', 'rate', 'address'] as const) {
      if (input[field] !== undefined) errors.push({ path: `delivery.${field}`, message: 'is only for dispatch' })
    }
    return { type: 'pick-up', ...phone }
  }
  for (const field of ['region', 'rate', 'address'] as const) {
    if (input[field] === undefined) errors.push({ path: `delivery.${field}`, message: 'is required for dispatch' })
  }
  if (!input.region || !input.rate || !input.address) return { type: 'dispatch', ...phone }
  const rate = await findApplicableRate(ctx, terms.shopId, input.rate, input.region)
  if (!rate) {
    errors.push({ path: 'delivery.rate', message: 'is not an active delivery rate of this shop for the region' })
  } else if (rate.currency !== terms.currency) {
    errors.push({ path: 'delivery.rate', message: `is priced in ${rate.currency}; this shop sells in ${terms.currency}` })
  }
  return {
    type: 'dispatch',
    region: input.region,
    address: input.address.trim(),
    ...phone,
    ...(rate
      ? {
          rate: {
            id: rate.id,
            name: rate.name,
            rateMinor: rate.rateMinor,
            currency: rate.currency,
            paymentOption: rate.paymentOption,
            estimatedDays: rate.estimatedDays,
          },
        }
      : {}),
  }
}

/** Lines and delivery priced from the catalog and the shop's terms, before any discount. */
export type PricedLines = Omit<
  PricedSnapshot,
  'discount' | 'discountCodeId' | 'discountMinor' | 'promotions' | 'promotionMinor' | 'deliveryWaivedMinor' | 'codeSetAside'
>

/**
 * The price step: `items` at today's displayed prices and, when given, `delivery` at the shop's rate, from
 * `context` (loaded for the same items). Every invalid item and delivery field is reported in one 400, each
 * item at its place in the request. Placement prices a whole order with it (`priceLinesAndDelivery`); an
 * edit prices only its new lines and its new delivery.
 */
export async function priceParts(
  ctx: ServiceContext,
  context: PricingContext,
  parts: { items: readonly PlacedItem[]; delivery?: DeliveryInput },
): Promise<{ items: LineItem[]; delivery: DeliveryDetails | null }> {
  const errors: FieldError[] = []
  const items = priceLines(context, parts.items, errors)
  const delivery = parts.delivery ? await resolveDelivery(ctx, context.terms, parts.delivery, errors) : null
  if (errors.length) invalidBody(errors)
  return { items, delivery }
}

/** The fee a delivery charges: its rate's for dispatch, nothing for pick-up. */
export const deliveryFee = (delivery: DeliveryDetails) => (delivery.type === 'dispatch' ? (delivery.rate?.rateMinor ?? 0) : 0)

/** A whole order's lines and delivery priced (`priceParts`), with its subtotal and the shop's tax on it. */
export async function priceLinesAndDelivery(ctx: ServiceContext, context: PricingContext, input: Omit<SnapshotInput, 'discount'>): Promise<PricedLines> {
  checkItemShape(input.items)
  const { items, delivery } = await priceParts(ctx, context, { items: input.items.map((item, index) => ({ index, item })), delivery: input.delivery })
  const subtotalMinor = subtotal(items)
  return {
    currency: context.terms.currency,
    items,
    delivery: delivery!,
    subtotalMinor,
    taxMinor: taxAmount(subtotalMinor, context.terms.taxRateBps),
    deliveryMinor: deliveryFee(delivery!),
  }
}

/**
 * What the shop's promotions give `priced` next to a code worth `discount` (null: no code), in the domain's
 * rules (`applyPromotions`): the code may be set aside when the promotions are better (decision 79).
 */
export function promotionsFor(priced: PricedLines, promotions: ShopPromotions, discount: DiscountTerms | null, now: Date): PromotionOutcome {
  return applyPromotions({
    rules: promotions.rules,
    currency: priced.currency,
    now,
    subtotalMinor: priced.subtotalMinor,
    deliveryType: priced.delivery.type,
    region: priced.delivery.region ?? null,
    deliveryFeeMinor: priced.deliveryMinor,
    codeDiscountMinor: discountAmount(priced.subtotalMinor, discount),
    stacksWithCodes: promotions.stacksWithCodes,
  })
}

/**
 * `priced` with a discount's terms applied to its subtotal (none: no discount) and what promotions give
 * (`outcome`); a code the outcome sets aside gives nothing.
 */
export function withDiscount(
  priced: PricedLines,
  discount: DiscountTerms | null,
  discountCodeId: string | null,
  outcome: PromotionOutcome = noPromotion,
): PricedSnapshot {
  const code = outcome.useCode ? discount : null
  const given = outcome.discount || outcome.freeDelivery ? { discount: outcome.discount, freeDelivery: outcome.freeDelivery } : null
  return {
    ...priced,
    discount: code,
    discountCodeId: outcome.useCode ? discountCodeId : null,
    discountMinor: discountAmount(priced.subtotalMinor, code),
    promotions: given,
    promotionMinor: promotionDiscountMinor(outcome),
    deliveryWaivedMinor: deliveryWaivedMinor(outcome),
    codeSetAside: !!discount && !outcome.useCode,
  }
}

/**
 * A checkout's preview: `input` priced from `context`, with the code's discount when it can be used now
 * (a code that cannot simply gives none). Orders take the code's use instead (place-order.ts, redeem step).
 */
export async function priceSnapshot(
  ctx: ServiceContext,
  context: PricingContext,
  input: SnapshotInput,
  buyer?: { phone: string; email: string },
): Promise<PricedSnapshot> {
  const priced = await priceLinesAndDelivery(ctx, context, input)
  const code = input.discount?.code
  const row = code ? await findValidDiscountCode(ctx, context.terms.shopId, code) : null
  // A code only for new customers, or once each, gives this buyer nothing when they ordered (with it) before.
  const allowed = row && buyer ? (await discountRuleProblem(ctx, context.terms.shopId, row, buyer)) === null : true
  const usable = row && allowed && row.minSubtotalMinor <= priced.subtotalMinor
  const terms = usable ? { code: row.code, type: row.type, value: row.value } : null
  const outcome = promotionsFor(priced, await shopPromotions(ctx, context.terms.shopId), terms, ctx.clock.now())
  return withDiscount(priced, terms, null, outcome)
}
