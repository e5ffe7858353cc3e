/**
 * Editing a placed or packaged order (decision 60): staff who move orders change its lines or delivery;
 * managers and up also give a manual discount with a reason. One transaction under the order's lock:
 * lines already on the order keep their price and new ones are priced today (the price step), the stock
 * moves by the difference (the stock step, 409 naming the line when short), the discount code is
 * re-checked against the new subtotal (dropped, with its use given back, when the order no longer meets its
 * minimum), the promotions are applied again as they stood when it was placed (decision 94; a code they
 * now beat is set aside and its use given back, decision 79), the amounts are stored, the timeline notes the order before and after, and the buyer gets the
 * updated receipt. The order's ledger then says what is left to collect or to refund.
 *
 * Lock order: the order, the code, the inventory rows (in id order), the products: placement takes the
 * code before inventory too, and never an existing order's row, so the two cannot deadlock.
 */
import {
  type AppliedPromotion,
  type EditView,
  type EditedLine,
  formatMinor,
  isMajorAmount,
  manualDiscountProblem,
  orderEditNote,
  stockMoves,
  subtotal,
  taxAmount,
  toMajor,
  toMinor,
} from '@shop/domain'
import { type ServiceContext, inTransaction } from '../../context'
import type { AppliedPromotions, DeliveryDetails, DiscountTerms, LineItem } from '../../db/schema'
import { Conflict, NotFound, invalidBody } from '../../lib/errors'
import { discountCodeMinimum, releaseDiscountCode } from '../discounts/discount.service'
import { promotionsAsPlaced } from '../promotions/promotion.service'
import { sendOrderUpdatedMessage } from './order-messages'
import { syncCustomer } from './order-customer'
import { type StockRequest, moveOrderStock, stockKey } from './order-stock'
import { type EditedOrder, findOrder, findOrderForUpdate, findReturnedUnits, insertOrderEvent, setOrderCharges } from './order.repository'
import { changeOrderStatus, getOrder, orderLedgerNow } from './order.service'
import { type OrderRow, ledgerOf } from './orders.dto'
import type { ItemInput, OrderDto, OrderEditInput, OrderPatchBodyInput } from './orders.schemas'
import { type PlacedItem, type PricingContext, checkItemShape, deliveryFee, loadPricingContext, priceParts, promotionsFor, withDiscount } from './pricing-snapshot'

const EDITABLE = ['placed', 'packaged'] as const

/** PATCH /api/orders/{id}: a move when it names a `status` (order.service.ts), else an edit. */
export async function updateOrder(ctx: ServiceContext, id: string, key: string | undefined, body: OrderPatchBodyInput): Promise<OrderDto> {
  const { status, ...edit } = body
  if (status === undefined) return editOrder(ctx, id, edit)
  const extra = (['items', 'delivery', 'adjustment', 'preview'] as const).filter((field) => edit[field] !== undefined)
  if (extra.length) invalidBody(extra.map((field) => ({ path: field, message: 'is not allowed with status: a move and an edit are separate requests' })))
  return changeOrderStatus(ctx, id, key, { ...body, status })
}

export async function editOrder(ctx: ServiceContext, id: string, input: OrderEditInput): Promise<OrderDto> {
  const found = await findOrder(ctx.db, id)
  if (!found) throw NotFound('No such order')
  await ctx.actor.authorize(found.shopId, 'orders.move')
  if (input.adjustment !== undefined) await ctx.actor.authorize(found.shopId, 'orders.discount')
  if (input.items) checkItemShape(input.items)
  if (input.adjustment && !isMajorAmount(input.adjustment.amount)) {
    invalidBody([{ path: 'adjustment.amount', message: 'must have at most two decimals' }])
  }
  const actorId = ctx.actor.requireUser().id
  const { preview, ...change } = input
  try {
    await inTransaction(ctx, async (tx) => {
      const order = await findOrderForUpdate(tx.db, found.id)
      if (!order) throw NotFound('No such order')
      if (!(EDITABLE as readonly string[]).includes(order.status)) {
        throw Conflict(`Order ${order.orderId} is ${order.status}: only placed or packaged orders can be changed`, [
          { path: 'status', message: `is ${order.status}` },
        ])
      }
      await applyEdit(tx, order, change, actorId)
      // A preview reads the order as edited inside the transaction, then rolls all of it back.
      if (preview) throw new Previewed(await getOrder(tx, order.id, undefined))
    })
  } catch (error) {
    if (error instanceof Previewed) return error.order
    throw error
  }
  return getOrder(ctx, found.id, undefined)
}

/** Thrown to roll a preview's transaction back with the order it would have made. */
class Previewed extends Error {
  constructor(readonly order: OrderDto) {
    super('preview')
  }
}

/** The lines an edit adds (not on the order yet), each with its place in the request. */
function newItems(order: OrderRow, items: ItemInput[] | undefined): PlacedItem[] {
  const stored = new Set(order.items.map((line) => stockKey(line.product, line.variant)))
  const fresh: PlacedItem[] = []
  items?.forEach((item, index) => {
    if (!stored.has(stockKey(item.product.toLowerCase(), item.variant))) fresh.push({ index, item })
  })
  return fresh
}

/**
 * The price step on what the edit adds: its new lines at today's prices, and a new delivery at the shop's
 * rate today (the buyer's phone stays unless a new one is given). Then the lines after the edit, in the
 * order asked: kept lines as stored (their price, the new count), new ones as priced.
 */
async function priceEdit(tx: ServiceContext, context: PricingContext, order: OrderRow, input: OrderEditInput): Promise<{ items: LineItem[]; delivery: DeliveryDetails }> {
  const fresh = newItems(order, input.items)
  const priced = await priceParts(tx, context, { items: fresh, ...(input.delivery ? { delivery: input.delivery } : {}) })
  const byIndex = new Map(fresh.map((entry, i) => [entry.index, priced.items[i]!]))
  const stored = new Map(order.items.map((line) => [stockKey(line.product, line.variant), line]))
  const items = input.items
    ? input.items.map((item, index) => {
        const kept = stored.get(stockKey(item.product.toLowerCase(), item.variant))
        return kept ? { ...kept, count: item.count } : byIndex.get(index)!
      })
    : order.items
  if (!priced.delivery) return { items, delivery: order.delivery }
  const phone = priced.delivery.phone ?? order.delivery.phone
  return { items, delivery: { ...priced.delivery, ...(phone ? { phone } : {}) } }
}

/**
 * The code still applies while the new subtotal meets its minimum (its terms stay the ones the order was
 * placed with). Otherwise it is dropped and its use given back: the redeem step's compensation.
 */
async function recheckCode(tx: ServiceContext, order: OrderRow, subtotalMinor: number): Promise<{ discount: DiscountTerms | null; codeId: string | null; note: string }> {
  const kept = { discount: order.discount, codeId: order.discountCodeId, note: '' }
  if (!order.discount || !order.discountCodeId) return kept
  const minimum = await discountCodeMinimum(tx, order.discountCodeId)
  if (minimum === null || subtotalMinor >= minimum) return kept
  await releaseDiscountCode(tx, order.discountCodeId)
  const needs = formatMinor(minimum, order.currency)
  return { discount: null, codeId: null, note: `Code ${order.discount.code} no longer applies: it needs a subtotal of ${needs}.` }
}

const labelsOf = (given: AppliedPromotions | null) => [given?.discount, given?.freeDelivery].filter((p): p is AppliedPromotion => !!p).map((p) => p.label)

/**
 * The promotions applied again to the order as edited, as placement applies them (`promotionsFor`) but
 * judged as they stood when it was placed (decision 94). A code they now beat is set aside as at placement
 * (decision 79): its use is given back. Notes say what starts or stops applying.
 */
async function repromote(
  tx: ServiceContext,
  order: OrderRow,
  edited: { items: LineItem[]; delivery: DeliveryDetails; subtotalMinor: number },
  code: { discount: DiscountTerms | null; codeId: string | null },
) {
  const got = [order.promotions?.discount?.id, order.promotions?.freeDelivery?.id].filter((id): id is string => !!id)
  const rules = await promotionsAsPlaced(tx, order.shopId, order.createdAt, got)
  const priced = { currency: order.currency, ...edited, taxMinor: 0, deliveryMinor: deliveryFee(edited.delivery) }
  const snapshot = withDiscount(priced, code.discount, code.codeId, promotionsFor(priced, rules, code.discount, order.createdAt))
  const notes: string[] = []
  if (snapshot.codeSetAside && code.discount && code.codeId) {
    await releaseDiscountCode(tx, code.codeId)
    notes.push(`Code ${code.discount.code} is no longer used: the promotions save more.`)
  }
  const before = labelsOf(order.promotions)
  const after = labelsOf(snapshot.promotions)
  for (const label of before) if (!after.includes(label)) notes.push(`${label} no longer applies.`)
  for (const label of after) if (!before.includes(label)) notes.push(`${label} applies.`)
  return { ...snapshot, notes }
}

function deliveryText(delivery: DeliveryDetails): string {
  if (delivery.type === 'pick-up') return 'Pick-up'
  return `Dispatch${delivery.rate ? ` (${delivery.rate.name})` : ''} to ${delivery.address ?? ''}`.trim()
}

const featuresText = (line: LineItem) =>
  Object.entries(line.features ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ')

function editView(row: Pick<OrderRow, 'items' | 'delivery' | 'discount'> & Parameters<typeof ledgerOf>[0]): EditView {
  return {
    lines: row.items.map((line) => ({ product: line.product, variant: line.variant ?? null, title: line.title, features: featuresText(line), count: line.count })),
    delivery: deliveryText(row.delivery),
    discount: row.discount?.code ?? null,
    totalInclTaxMinor: ledgerOf(row).totalInclTaxMinor,
  }
}

/** The manual discount after the edit: as it was, removed (null), or the new amount and reason. */
function editedAdjustment(order: OrderRow, adjustment: OrderEditInput['adjustment']): { minor: number; reason: string | null } {
  if (adjustment === undefined) return { minor: order.adjustmentMinor, reason: order.adjustmentReason }
  if (adjustment === null) return { minor: 0, reason: null }
  return { minor: toMinor(adjustment.amount), reason: adjustment.reason.trim() }
}

async function applyEdit(tx: ServiceContext, order: OrderRow, input: OrderEditInput, actorId: string): Promise<void> {
  // Units already returned (decision 59) are counted against the lines as sold: changing those lines now
  // would give the same units back twice. Its delivery and discount can still change.
  if (input.items && (await findReturnedUnits(tx.db, order.id)).length > 0) {
    throw Conflict(`Items of order ${order.orderId} were returned: its lines can no longer be changed`, [
      { path: 'items', message: 'cannot change after a return' },
    ])
  }
  const context = await loadPricingContext(tx, order.shopId, newItems(order, input.items).map((entry) => entry.item))
  const { items, delivery } = await priceEdit(tx, context, order, input)
  const subtotalMinor = subtotal(items)
  const code = await recheckCode(tx, order, subtotalMinor)
  const promoted = await repromote(tx, order, { items, delivery, subtotalMinor }, code)
  const adjustment = editedAdjustment(order, input.adjustment)
  const { discountMinor, promotionMinor } = promoted
  const problem = manualDiscountProblem(toMajor(adjustment.minor), subtotalMinor, discountMinor + promotionMinor, order.currency)
  if (problem) invalidBody([{ path: 'adjustment.amount', message: problem }])

  // Lines that took no stock when placed (untracked then) keep moving none; new lines take theirs.
  const held = order.items.map((line) => ({ product: line.product, variant: line.variant ?? null, count: line.count, stockTaken: line.stockTaken !== false }))
  const after: EditedLine[] = items.map((line) => ({ product: line.product, variant: line.variant ?? null, count: line.count }))
  const position = new Map(items.map((line, i) => [stockKey(line.product, line.variant), i]))
  const titles = new Map([...order.items, ...items].map((line) => [stockKey(line.product, line.variant), line.title]))
  const moves: StockRequest[] = stockMoves(held, after).map((move) => {
    const key = stockKey(move.product, move.variant)
    return { ...move, title: titles.get(key) ?? '', path: position.has(key) ? `items.${position.get(key)}` : 'items' }
  })
  const { tracked } = await moveOrderStock(tx, order.shopId, moves)
  const wasStored = new Set(order.items.map((line) => stockKey(line.product, line.variant)))
  const lines = items.map((line) => {
    const key = stockKey(line.product, line.variant)
    return wasStored.has(key) || tracked.has(key) ? line : { ...line, stockTaken: false }
  })

  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  const unchanged = same(lines, order.items) && same(delivery, order.delivery) && promoted.discountCodeId === order.discountCodeId &&
    adjustment.minor === order.adjustmentMinor && adjustment.reason === order.adjustmentReason &&
    same(promoted.promotions, order.promotions) && promoted.deliveryWaivedMinor === order.deliveryWaivedMinor && promotionMinor === order.promotionMinor
  if (unchanged) return

  // Tax follows the shop's rate today only when the items changed: a new delivery alone leaves it as it was.
  const taxMinor = subtotalMinor === order.subtotalMinor ? order.taxMinor : taxAmount(subtotalMinor, context.terms.taxRateBps)
  const charges: EditedOrder = {
    items: lines,
    delivery,
    discount: promoted.discount,
    discountCodeId: promoted.discountCodeId,
    subtotalMinor,
    taxMinor,
    deliveryMinor: deliveryFee(delivery),
    discountMinor,
    adjustmentMinor: adjustment.minor,
    adjustmentReason: adjustment.reason,
    promotions: promoted.promotions,
    promotionMinor,
    deliveryWaivedMinor: promoted.deliveryWaivedMinor,
    totalMinor: 0,
    updatedAt: tx.clock.now(),
  }
  charges.totalMinor = ledgerOf({ ...charges, status: order.status }).totalExTaxMinor
  const row = await setOrderCharges(tx.db, order.id, charges)
  await syncCustomer(tx, row)

  const ledger = await orderLedgerNow(tx, row)
  const notes = [orderEditNote(editView(order), editView(row), order.currency)]
  if (code.note) notes.push(code.note)
  notes.push(...promoted.notes)
  if (adjustment.minor !== order.adjustmentMinor || adjustment.reason !== order.adjustmentReason) {
    notes.push(adjustment.minor ? `Manual discount ${formatMinor(adjustment.minor, order.currency)}: ${adjustment.reason}.` : 'Manual discount removed.')
  }
  if (ledger.balanceMinor > 0 && ledger.netPaidMinor > 0) notes.push(`To collect: ${formatMinor(ledger.balanceMinor, order.currency)}.`)
  if (ledger.refundDueMinor > 0) notes.push(`To refund: ${formatMinor(ledger.refundDueMinor, order.currency)}.`)
  if (input.note?.trim()) notes.push(input.note.trim())
  const note = notes.join(' ')
  await insertOrderEvent(tx.db, { shopId: order.shopId, orderId: order.id, status: order.status, kind: 'note', note, actorId, createdAt: charges.updatedAt })
  await sendOrderUpdatedMessage(tx, row, note, charges.updatedAt)
}
