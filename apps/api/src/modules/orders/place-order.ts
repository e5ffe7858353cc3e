/**
 * Placing an order (docs/architecture.md §8), as named steps over one draft in one transaction (decision 60):
 * idempotency (the order this key already placed), price (the shop's limits on shoppers' orders, then the
 * catalog's prices, never the checkout's stored ones), redeem (the discount use), write (the order and its
 * first timeline entry), open payment, take stock, announce (notifications and messages). Stock is taken
 * late so the hot inventory rows stay locked for as short a time as possible; any failure (a shortage is a
 * 409 naming the line) rolls every step back. The price and stock steps are what edits and returns reuse.
 *
 * `Idempotency-Key`: requests with the same key for the same shop are serialized by an advisory lock, and
 * every one after the first answers the first one's order (200) instead of placing another. The order keeps
 * a hash of the request the key was first used for (shop, buyer's email, body); the same key with another
 * request is refused with a 422 and changes nothing.
 *
 * The payment attempt is payments' business: it is opened and started through `OrderPayments`
 * (order-payments.ts), which the caller hands in.
 */
import { randomInt } from 'node:crypto'
import { confirmDeadline, formatMinor, orderSummary } from '@shop/domain'
import type { AuthUser } from '../../actor'
import { type ServiceContext, withDb } from '../../context'
import type { Db } from '../../db/client'
import { canonicalJson } from '../../lib/canonical-json'
import { randomToken, sha256 } from '../../lib/crypto'
import { Conflict, GeneralError, HttpError, NotFound, Unprocessable, isUniqueViolation, invalidBody } from '../../lib/errors'
import { findValidDiscountCode, redeemDiscountCode } from '../discounts/discount.service'
import { shopPromotions } from '../promotions/promotion.service'
import { notifyStaff, notifyUser } from '../notifications/notify'
import { assertMayTryCode, countWrongCode } from '../discounts/discount-guesses'
import { findCheckoutForUpdate, findPlacedOrderOfCheckout } from './checkout.repository'
import type { OpenedPayment, OrderPayments } from './order-payments'
import { buyerEmail, hasPhone } from './checkout.service'
import { type CheckedContact, checkContact, normalizedPhone } from './contact'
import type { StockTake } from './order-stock.repository'
import { stockKey, takeOrderStock } from './order-stock'
import { alertLowStock, sendOrderPlacedMessages } from './order-messages'
import { syncCustomer } from './order-customer'
import { checkLineMax, checkWaitingOrders } from './placement-limits'
import { type StaffEntry, checkEntryDiscount, checkStaffEntry, entryNote } from './staff-entry'
import {
  type ShopTerms,
  findOrderByIdempotencyKey,
  findOrderView,
  insertOrderEvent,
  insertPlacedOrder,
  listOrderEvents,
  lockIdempotencyKey,
  setOrderItems,
} from './order.repository'
import type { DeliveryDetails } from '../../db/schema'
import { type OrderEventRow, type OrderRow, ledgerOf, noTenders, orderDto } from './orders.dto'
import type { DeliveryInput, OrderCreateInput, OrderDto, PlaceQuery } from './orders.schemas'
import { type PricedLines, type PricedSnapshot, type SnapshotInput, checkItemShape, loadPricingContext, priceLinesAndDelivery, promotionsFor, withDiscount } from './pricing-snapshot'

/** No 0/O, 1/I/L: easy to read out over the phone. 31^6 ≈ 887 million codes per shop. */
export const ORDER_ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const ORDER_ID_LENGTH = 6
const ORDER_ID_ATTEMPTS = 8
const IDEMPOTENCY_INDEX = 'orders_shop_idempotency_key'

export function newOrderId(): string {
  let id = ''
  for (let i = 0; i < ORDER_ID_LENGTH; i++) id += ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)]
  return id
}

export type PlacedOrder = { created: boolean; order: OrderDto }

/** What an Idempotency-Key stands for: the shop, the buyer's email and the body, with keys in a fixed order. */
export function idempotencyHash(shopId: string, email: string, input: OrderCreateInput): string {
  return sha256(canonicalJson({ shop: shopId, email: email.toLowerCase(), body: input }))
}


/**
 * The body names either a checkout or the items and delivery itself. With a checkout, the items and the
 * discount come from it; `delivery` may come along (without it, the checkout's own delivery is used).
 */
function checkBodyShape(input: OrderCreateInput): void {
  if (input.checkout !== undefined) {
    const extra = (['items', 'discount'] as const).filter((field) => input[field] !== undefined)
    if (extra.length) invalidBody(extra.map((field) => ({ path: field, message: 'is not allowed with checkout (it comes from the checkout)' })))
    return
  }
  const missing = (['items', 'delivery'] as const).filter((field) => input[field] === undefined)
  if (missing.length) invalidBody(missing.map((field) => ({ path: field, message: 'is required (or send checkout)' })))
  checkItemShape(input.items!)
}

/**
 * `payment.provider` must be one the shop has enabled and this server can use (Paystack needs its key); the
 * first such one by default. A shop with none takes orders paid on delivery or at pick-up.
 */
function paymentProvider(ctx: ServiceContext, payments: OrderPayments, terms: ShopTerms, requested: string | undefined): string {
  const accepted = payments.acceptedProviders(ctx, terms.paymentOptions)
  if (requested === undefined) return accepted[0]!
  if (!accepted.includes(requested)) {
    invalidBody([{ path: 'payment.provider', message: `is not accepted by this shop (accepted: ${accepted.join(', ')})` }])
  }
  return requested
}

/**
 * What to price: the body's items and delivery, or a checkout of this shop (only its ids and counts). A
 * checkout is placed once: its row is locked, and one with an order that is not canceled is a 409. Its
 * delivery (address, phone) is its creator's: the creator, logged in, orders with it; anyone else may send
 * their own, or pay it as it is (decision 68), when the order keeps the creator's delivery marked
 * `fromSharer`, so the payer's answers show only its region and fee.
 */
async function orderSource(
  tx: Db,
  shopId: string,
  input: OrderCreateInput,
  contact: CheckedContact,
  user: AuthUser | null,
): Promise<
  SnapshotInput & { checkoutId: string | null; fromSharer: boolean; creatorContact: { name: string | null; phone: string | null } | null }
> {
  if (input.checkout === undefined) {
    return { items: input.items!, delivery: contact.delivery!, discount: input.discount ?? null, checkoutId: null, fromSharer: false, creatorContact: null }
  }
  const checkout = await findCheckoutForUpdate(tx, input.checkout)
  if (!checkout || checkout.shopId !== shopId) throw NotFound('No such checkout')
  const placed = await findPlacedOrderOfCheckout(tx, checkout.id)
  if (placed) {
    throw Conflict(`This checkout was already placed as order ${placed.orderId}`, [
      { path: 'checkout', message: `was already placed as order ${placed.orderId}` },
    ])
  }
  const creator = !!user && checkout.profileId === user.id
  const fromSharer = !creator && contact.delivery === undefined
  return {
    items: checkout.items.map((line) => ({ product: line.product, variant: line.variant ?? null, count: line.count })),
    delivery: contact.delivery ?? creatorDelivery(checkout.delivery),
    discount: checkout.discount ? { code: checkout.discount.code } : null,
    checkoutId: checkout.id,
    fromSharer,
    // Only the creator's own order may reuse the name and phone they gave the checkout.
    creatorContact: creator ? { name: checkout.customerName, phone: checkout.phone } : null,
  }
}

/** The stored delivery of a checkout as its creator gave it, to be priced again. */
function creatorDelivery(delivery: DeliveryDetails): DeliveryInput {
  return {
    type: delivery.type,
    ...(delivery.region ? { region: delivery.region } : {}),
    ...(delivery.address ? { address: delivery.address } : {}),
    ...(delivery.phone ? { phone: delivery.phone } : {}),
    ...(delivery.rate ? { rate: delivery.rate.id } : {}),
  }
}

/** What the request asks for, before any step ran. */
type PlacementRequest = {
  shopId: string
  email: string
  input: OrderCreateInput
  contact: CheckedContact
  idempotency: { key: string; hash: string } | null
  accessKey: string | null
  /** Staff entering the order for a buyer (decision 61); null for a shopper's own. */
  entry: StaffEntry | null
}

/**
 * The one draft the steps fill in, each adding its part: the price step the source, terms, provider and
 * priced lines; the redeem step the discount; the write step the order row. A later step reads only what
 * an earlier one wrote here.
 */
type Draft = PlacementRequest & {
  /** The buyer's account: the caller ordering for themselves; none for an order staff enter. */
  user: AuthUser | null
}
type PricedDraft = Draft & {
  source: Awaited<ReturnType<typeof orderSource>>
  terms: ShopTerms
  provider: string
  phone: string
  /** A shopper's order paid on delivery: it holds its stock until the shop confirms it, or its window ends. */
  awaitsShop: boolean
  priced: PricedLines
}
type RedeemedDraft = PricedDraft & { snapshot: PricedSnapshot; adjustmentMinor: number }
type WrittenDraft = RedeemedDraft & { row: OrderRow; events: OrderEventRow[] }

type Outcome =
  | { created: true; row: OrderRow; events: OrderEventRow[]; payment: OpenedPayment | null }
  | { created: false; row: OrderRow }

/** Idempotency: under the key's lock, the order this key already placed in the shop, if any. */
async function findKeyedOrder(tx: ServiceContext, draft: Draft): Promise<OrderRow | null> {
  if (!draft.idempotency) return null
  await lockIdempotencyKey(tx.db, draft.shopId, draft.idempotency.key)
  return findOrderByIdempotencyKey(tx.db, draft.shopId, draft.idempotency.key)
}

/**
 * Price: what to price (body or checkout), the shop's limits on shoppers' orders, the payment provider,
 * then the lines at today's prices and the delivery at the shop's rate (every bad field in one 400).
 */
async function priceStep(tx: ServiceContext, payments: OrderPayments, draft: Draft): Promise<PricedDraft> {
  const { shopId, input, contact, email, user } = draft
  const source = await orderSource(tx.db, shopId, input, contact, user)
  const context = await loadPricingContext(tx, shopId, source.items)
  // An order staff enter is settled with the shop: at the counter, on delivery, at pick-up or by its pay link.
  const provider = draft.entry ? 'manual' : paymentProvider(tx, payments, context.terms, input.payment?.provider)
  // The shop's staff are held to none of the limits on shoppers' orders (decision 52).
  const byStaff = (await tx.actor.callerRole(shopId)) !== null
  checkLineMax(source.items, context.terms, byStaff)
  // The sharer's phone stays on the delivery (for the rider), never the payer's contact.
  const deliveryPhone = source.fromSharer ? null : source.delivery.phone
  const phone = contact.phone ?? source.creatorContact?.phone ?? deliveryPhone ?? normalizedPhone(user?.phone) ?? ''
  const awaitsShop = provider === 'manual' && !byStaff
  if (awaitsShop) {
    // Before the discount use is taken: its row lock comes after these, as in every placement.
    const address = source.delivery.type === 'dispatch' ? (source.delivery.address ?? null) : null
    await checkWaitingOrders(tx, context.terms, { phone, email, address })
  }
  const priced = await priceLinesAndDelivery(tx, context, source)
  if (source.fromSharer) priced.delivery = { ...priced.delivery, fromSharer: true }
  return { ...draft, source, terms: context.terms, provider, phone, awaitsShop, priced }
}

/**
 * Redeem: takes one use of the discount code against the priced subtotal (422/409 when it cannot be used).
 * Its compensation, `releaseDiscountCode`, gives the use back when an order no longer has the code after
 * the transaction that took it (an edit that drops it, order-edits.ts); a failure inside this transaction
 * rolls the use back with everything else.
 */
async function redeemStep(tx: ServiceContext, draft: PricedDraft): Promise<RedeemedDraft> {
  const code = draft.source.discount?.code
  const promotions = await shopPromotions(tx, draft.shopId)
  const now = tx.clock.now()
  let snapshot = withDiscount(draft.priced, null, null, promotionsFor(draft.priced, promotions, null, now))
  if (code) {
    // Without stacking, a valid code worth less than the promotions is left unused: no use is taken (decision 79).
    const peeked = await findValidDiscountCode(tx, draft.shopId, code)
    const peekedTerms = peeked ? { code: peeked.code, type: peeked.type, value: peeked.value } : null
    const setAside = peekedTerms !== null && !promotionsFor(draft.priced, promotions, peekedTerms, now).useCode
    if (setAside) {
      snapshot = withDiscount(draft.priced, peekedTerms, null, promotionsFor(draft.priced, promotions, peekedTerms, now))
    } else {
      // Per-customer rules know the buyer by the order's phone and e-mail (decision 67).
      const redeemed = await redeemDiscountCode(tx, draft.shopId, code, draft.priced.subtotalMinor, { phone: draft.phone, email: draft.email })
      const terms = { code: redeemed.code, type: redeemed.type, value: redeemed.value }
      snapshot = withDiscount(draft.priced, terms, redeemed.id, promotionsFor(draft.priced, promotions, terms, now))
    }
  }
  // A manual discount staff give when entering the order is held to what the items come to after the code.
  // The promotion's discount counts with the code's: the items are what is left after both.
  const discounted = { ...snapshot, discountMinor: snapshot.discountMinor + snapshot.promotionMinor }
  return { ...draft, snapshot, adjustmentMinor: checkEntryDiscount(draft.entry, discounted) }
}

/** Write: the order row and its first timeline entry, under a fresh order id (a taken id draws again). */
async function writeStep(tx: ServiceContext, draft: RedeemedDraft): Promise<WrittenDraft> {
  const { snapshot, source, contact, user, provider, idempotency, accessKey, entry, adjustmentMinor } = draft
  const placedAt = tx.clock.now()
  const ledger = ledgerOf({ ...snapshot, adjustmentMinor })
  for (let attempt = 0; attempt < ORDER_ID_ATTEMPTS; attempt++) {
    const placed = await insertPlacedOrder(
      tx.db,
      {
        shopId: draft.shopId,
        orderId: newOrderId(),
        profileId: user?.id ?? null,
        email: draft.email,
        customerName: contact.name ?? source.creatorContact?.name ?? (user?.name.trim() || ''),
        phone: draft.phone,
        checkoutId: source.checkoutId,
        items: snapshot.items,
        delivery: snapshot.delivery,
        discount: snapshot.discount,
        discountCodeId: snapshot.discountCodeId,
        currency: snapshot.currency,
        subtotalMinor: snapshot.subtotalMinor,
        taxMinor: snapshot.taxMinor,
        deliveryMinor: snapshot.deliveryMinor,
        discountMinor: snapshot.discountMinor,
        promotions: snapshot.promotions,
        promotionMinor: snapshot.promotionMinor,
        deliveryWaivedMinor: snapshot.deliveryWaivedMinor,
        adjustmentMinor,
        adjustmentReason: entry?.adjustment ? entry.adjustment.reason.trim() : null,
        totalMinor: ledger.totalExTaxMinor,
        status: 'placed',
        paymentProvider: provider,
        // Nothing to settle up front: paid on delivery or at pick-up, or nothing due.
        acked: provider === 'manual' || ledger.dueWithOrderMinor === 0,
        confirmBy: draft.awaitsShop ? confirmDeadline(placedAt, draft.terms.unconfirmedOrderHours) : null,
        accessKeyHash: accessKey ? sha256(accessKey) : null,
        messageKey: accessKey,
        idempotencyKey: idempotency?.key ?? null,
        idempotencyHash: idempotency?.hash ?? null,
        source: entry?.source ?? 'storefront',
        createdAt: placedAt,
        updatedAt: placedAt,
      },
      entry?.staffId ?? user?.id ?? null,
    )
    if (placed) return { ...draft, row: placed.order, events: [placed.event, ...(await writeEntryNote(tx, draft, placed.order))] }
  }
  throw GeneralError('Could not allocate an order id')
}

/** The timeline's note by the staff member who entered the order: its manual discount and their note. */
async function writeEntryNote(tx: ServiceContext, draft: RedeemedDraft, row: OrderRow): Promise<OrderEventRow[]> {
  const note = entryNote(draft.entry, draft.adjustmentMinor, row.currency)
  if (!note || !draft.entry) return []
  // A moment after the placing, so the timeline (oldest first) reads placed, then the note.
  const at = new Date(row.createdAt.getTime() + 1)
  return [await insertOrderEvent(tx.db, { shopId: row.shopId, orderId: row.id, status: 'placed', kind: 'note', note, actorId: draft.entry.staffId, createdAt: at })]
}

/**
 * Take stock: every line's units from its tracked row (a shortage is a 409 naming `items.N`). Lines
 * without a tracked row took nothing, and are marked so that nothing is given back for them later. Its
 * compensation, `giveStockBack`, runs when units leave the order after this transaction: a cancel, an
 * edit, a return.
 */
async function takeStockStep(tx: ServiceContext, draft: WrittenDraft): Promise<{ row: OrderRow; taken: StockTake[] }> {
  const items = draft.row.items
  const lines = items.map((item, i) => ({ ...item, path: `items.${i}` }))
  const { tracked, taken } = await takeOrderStock(tx, draft.shopId, lines)
  if (items.every((item) => tracked.has(stockKey(item.product, item.variant)))) return { row: draft.row, taken }
  const marked = items.map((item) => ({ ...item, stockTaken: tracked.has(stockKey(item.product, item.variant)) }))
  return { row: await setOrderItems(tx.db, draft.row.id, marked), taken }
}

/** Announce: the buyer's and the staff's notifications, the order's messages (outbox) and low-stock alerts. */
async function announceStep(tx: ServiceContext, draft: WrittenDraft, row: OrderRow, taken: StockTake[]): Promise<void> {
  const { user, shopId, snapshot } = draft
  const summary = orderSummary(snapshot.items)
  if (user) await notifyUser(tx, shopId, user.id, { type: 'order-placed', title: `Order ${row.orderId} is placed`, body: summary, link: `/account/orders?order=${row.id}` })
  await notifyStaff(
    tx,
    shopId,
    'orders.move',
    {
      type: 'new-order',
      title: `New order ${row.orderId}`,
      body: `${summary} · ${formatMinor(ledgerOf(row).totalInclTaxMinor, snapshot.currency)}`,
      link: `/admin/orders?order=${row.id}`,
    },
    draft.entry?.staffId ?? user?.id,
  )
  await sendOrderPlacedMessages(tx, row, draft.terms.pickup)
  await alertLowStock(tx, row, taken)
}

/**
 * The steps over one draft, in one transaction: any step that fails rolls back every earlier one. The
 * payment attempt is opened before the stock is taken, so the hot inventory rows stay locked for the
 * shortest time; its provider is called only after the commit.
 */
async function placeInTransaction(tx: ServiceContext, payments: OrderPayments, request: PlacementRequest): Promise<Outcome> {
  const draft: Draft = { ...request, user: request.entry ? null : tx.actor.shopUser(request.shopId) }
  const keyed = await findKeyedOrder(tx, draft)
  if (keyed) return { created: false, row: keyed }
  const written = await writeStep(tx, await redeemStep(tx, await priceStep(tx, payments, draft)))
  const payment = await payments.open(tx, written.row)
  const { row, taken } = await takeStockStep(tx, written)
  // The customer's row is locked last, after the stock, as edits, refunds and cancels lock it (decision 65).
  await syncCustomer(tx, row)
  await announceStep(tx, written, row, taken)
  return { created: true, row, events: written.events, payment }
}

/** The order was refused for its discount code (unknown, expired, used up or its minimum not met). */
function refusesDiscountCode(error: unknown): boolean {
  return error instanceof HttpError && !!error.errors?.some((problem) => problem.path === 'discount.code')
}

function isRetryable(error: unknown): boolean {
  type Coded = { code?: string } | null | undefined
  const code = ((error as { cause?: Coded } | null | undefined)?.cause ?? (error as Coded))?.code
  return code === '40P01' || code === '40001'
}

/**
 * A replay must be the same request: the key names one order, not whatever a later body asks for. Orders
 * placed before hashes were kept have none and are answered as before.
 */
function checkSameRequest(row: OrderRow, hash: string): void {
  if (row.idempotencyHash !== null && row.idempotencyHash !== hash) {
    throw Unprocessable('This Idempotency-Key was already used with a different request', [
      { path: 'headers.idempotency-key', message: 'was already used with a different request' },
    ])
  }
}

/**
 * A replay must come from the same buyer, or the key would hand one buyer's order to another. An order
 * staff entered is no account's (and the body, source included, is in the request's hash).
 */
function checkSameBuyer(row: OrderRow, ctx: ServiceContext, email: string, entry: StaffEntry | null): void {
  const profileId = entry ? null : (ctx.actor.shopUser(row.shopId)?.id ?? null)
  if (row.profileId !== profileId || row.email.toLowerCase() !== email.toLowerCase()) {
    throw Conflict('This Idempotency-Key was already used for another order', [
      { path: 'headers.idempotency-key', message: 'was already used for another order' },
    ])
  }
}

/** Whether the caller is one of the shop's staff, who see every contact detail of the order. */
async function isStaff(ctx: ServiceContext, shopId: string): Promise<boolean> {
  return (await ctx.actor.callerRole(shopId)) !== null
}

/** What placing an order takes: the query (shop, buyer's email), the body, and an optional Idempotency-Key. */
export type PlaceOrderInput = { query: PlaceQuery; body: OrderCreateInput; idempotencyKey?: string }

export async function placeOrder(ctx: ServiceContext, placement: PlaceOrderInput, payments: OrderPayments): Promise<PlacedOrder> {
  const { query, body: input, idempotencyKey } = placement
  const db = ctx.db
  const shopId = query.shop.toLowerCase()
  checkBodyShape(input)
  const entry = await checkStaffEntry(ctx, shopId, input)
  // The buyer staff enter an order for may have no e-mail at all; a shopper gives one, or a phone (decision 62).
  const email = entry ? (query.email?.trim() ?? '') : buyerEmail(ctx, shopId, query.email, hasPhone(input))
  const contact = checkContact(input)
  // Anyone but a shopper ordering for themselves gets the order's private link: its messages link to it.
  const accessKey = ctx.actor.shopUser(shopId) && !entry ? null : randomToken(32)
  if (input.discount?.code) await assertMayTryCode(ctx, shopId, 'discount.code')
  const idempotency = idempotencyKey ? { key: idempotencyKey, hash: idempotencyHash(shopId, email, input) } : null

  let outcome: Outcome | undefined
  for (let attempt = 1; !outcome; attempt++) {
    try {
      const request = { shopId, email, input, contact, idempotency, accessKey, entry }
      outcome = await db.transaction((tx) => placeInTransaction(withDb(ctx, tx), payments, request))
    } catch (error) {
      // A deadlock with an unrelated writer (a product deleted mid-order, say): run the order again.
      if (isRetryable(error) && attempt < 3) continue
      if (refusesDiscountCode(error)) await countWrongCode(ctx, shopId)
      if (idempotency && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
        const winner = await findOrderByIdempotencyKey(db, shopId, idempotency.key)
        if (winner) outcome = { created: false, row: winner }
        else throw error
      } else {
        throw error
      }
    }
  }

  if (!outcome.created) {
    checkSameBuyer(outcome.row, ctx, email, entry)
    checkSameRequest(outcome.row, idempotency!.hash)
    const view = (await findOrderView(db, outcome.row.id)) ?? { ...outcome.row, ...noTenders }
    const replayed = orderDto(view, await listOrderEvents(db, outcome.row.shopId, outcome.row.id), { staff: await isStaff(ctx, shopId) })
    replayed.payment = await payments.current(ctx, outcome.row)
    return { created: false, order: replayed }
  }
  // Nothing is paid yet: a payment attempt is at most opened with the order.
  const order = orderDto({ ...outcome.row, ...noTenders }, outcome.events, { staff: await isStaff(ctx, shopId) })
  if (accessKey) {
    order.accessKey = accessKey
    order.privateUrl = `/orders/${outcome.row.id}?key=${accessKey}`
  }
  // Never fails the placement: a provider that is down leaves the order placed and the attempt 'failed'.
  order.payment = outcome.payment ? await outcome.payment.start(ctx, accessKey) : { provider: outcome.row.paymentProvider }
  return { created: true, order }
}
