/**
 * Checkouts (docs/architecture.md §8): a priced snapshot anyone may create. Its id is unguessable, so its link can be
 * shared: whoever opens it sees the items and totals, and only its creator (logged in) sees the email,
 * address and phone. A checkout takes no stock and no discount use; placing an order re-prices it.
 */
import type { ServiceContext } from '../../context'
import { BadRequest, Forbidden, NotFound } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { assertMayTryCode, countWrongCode } from '../discounts/discount-guesses'
import { checkoutQuerySpec, findCheckout, findPlacedOrderOfCheckout, insertCheckout, listCheckouts } from './checkout.repository'
import { findOrderTenders } from './order.repository'
import { type CheckoutRow, checkoutDto, ledgerOf } from './orders.dto'
import type { CheckoutCreateInput, CheckoutDto, PlaceQuery } from './orders.schemas'
import { checkContact } from './contact'
import { checkItemShape, loadPricingContext, priceSnapshot } from './pricing-snapshot'
import { checkLineMax } from './placement-limits'

/**
 * The buyer's email: the query's, or the logged-in user's. An anonymous buyer gives one or a phone
 * (decision 62): with only a phone it is '' (none), and their messages go by SMS.
 */
export function buyerEmail(ctx: ServiceContext, shopId: string, email: string | undefined, phoneGiven: boolean): string {
  const chosen = email ?? ctx.actor.shopUser(shopId)?.email
  if (chosen) return chosen.trim()
  if (phoneGiven) return ''
  throw BadRequest('Invalid query: email is required when not logged in and no phone is given', [
    { path: 'email', message: 'is required when not logged in and no phone is given' },
  ])
}

/** Whether the body gives the buyer's phone or the rider's (checked as a phone by checkContact). */
export function hasPhone(input: { phone?: string; delivery?: { phone?: string } }): boolean {
  return input.phone !== undefined || input.delivery?.phone !== undefined
}

function isCreator(ctx: ServiceContext, row: CheckoutRow): boolean {
  const user = ctx.actor.shopUser(row.shopId)
  return !!user && row.profileId === user.id
}

export async function createCheckout(ctx: ServiceContext, query: PlaceQuery, input: CheckoutCreateInput): Promise<CheckoutDto> {
  const db = ctx.db
  const shopId = query.shop.toLowerCase()
  const email = buyerEmail(ctx, shopId, query.email, hasPhone(input))
  checkItemShape(input.items)
  const contact = checkContact(input)
  const context = await loadPricingContext(ctx, shopId, input.items)
  // A shopper's checkout keeps to the shop's most per item, as the order made from it must (decision 52).
  checkLineMax(input.items, context.terms, (await ctx.actor.callerRole(shopId)) !== null)
  const code = input.discount?.code
  if (code) await assertMayTryCode(ctx, context.terms.shopId, 'discount.code')
  const snapshot = await priceSnapshot(ctx, context, { ...input, delivery: contact.delivery! }, { phone: contact.phone ?? '', email })
  // A checkout is a preview: a code that gives no discount is still a guess that missed.
  if (code && !snapshot.discount && !snapshot.codeSetAside) await countWrongCode(ctx, context.terms.shopId)
  const row = await insertCheckout(db, {
    createdAt: ctx.clock.now(),
    shopId: context.terms.shopId,
    profileId: ctx.actor.shopUser(context.terms.shopId)?.id ?? null,
    email,
    customerName: contact.name,
    phone: contact.phone,
    items: snapshot.items,
    delivery: snapshot.delivery,
    discount: snapshot.discount,
    currency: snapshot.currency,
    subtotalMinor: snapshot.subtotalMinor,
    taxMinor: snapshot.taxMinor,
    deliveryMinor: snapshot.deliveryMinor,
    discountMinor: snapshot.discountMinor,
    promotions: snapshot.promotions,
    promotionMinor: snapshot.promotionMinor,
    deliveryWaivedMinor: snapshot.deliveryWaivedMinor,
    // docs/product.md §9's checkout total: what paying online collects.
    totalMinor: ledgerOf(snapshot).dueWithOrderMinor,
  })
  return checkoutDto(row, true)
}

/** Anyone with the id: the share link, with the order placed from it (its number and whether it is paid). */
export async function getCheckout(ctx: ServiceContext, id: string): Promise<CheckoutDto> {
  const row = await findCheckout(ctx.db, id)
  if (!row) throw NotFound('No such checkout')
  const order = await findPlacedOrderOfCheckout(ctx.db, row.id)
  const placed = order ? { orderId: order.orderId, paid: ledgerOf(order, await findOrderTenders(ctx.db, order.id)).balanceMinor === 0 } : null
  return checkoutDto(row, isCreator(ctx, row), placed)
}

/** The caller's own checkouts in a shop, newest first. */
export async function listOwnCheckouts(
  ctx: ServiceContext,
  query: Record<string, unknown> & { profile: string; shop: string },
): Promise<Page<CheckoutDto>> {
  const { profile, shop, ...rest } = query
  const parsed = parseQuery(checkoutQuerySpec, rest)
  const user = ctx.actor.requireShopUser(shop)
  if (profile.toLowerCase() !== user.id) throw Forbidden('You can only list your own checkouts')
  const { rows, total } = await listCheckouts(ctx.db, { profileId: user.id, shopId: shop }, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map((row) => checkoutDto(row, true)) }
}
