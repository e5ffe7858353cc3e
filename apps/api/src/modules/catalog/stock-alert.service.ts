/**
 * "Tell me when it's back" (docs/decisions/0083): a shopper leaves a phone or an e-mail on a sold-out
 * variant; when a stock change puts it back in stock, `sendStockAlerts`, run in that change's transaction,
 * writes one outbox message per waiting alert and marks it sent, so the message exists exactly when the
 * stock does and no second writer sends it again. Staff read how many wait per variant.
 */
import { availability, productPath } from '@shop/domain'
import { parsePhone, notAPhoneMessage } from '@shop/domain/phone'
import type { StockAlert, StockAlertInput, StockAlertWaiting } from '@shop/domain/schemas/stock-alerts'
import { type ServiceContext, inTransaction } from '../../context'
import { randomToken, sha256 } from '../../lib/crypto'
import { BadRequest, Conflict, NotFound } from '../../lib/errors'
import { enqueueMessage } from '../messages/outbox'
import { inventoryStates, lockInventory } from './inventory.repository'
import type { ProductRow } from './catalog.dto'
import { findProduct } from './product.repository'
import { countWaiting, deleteStockAlertsOf, findStockAlert, insertStockAlert, lockDueStockAlerts, markStockAlertsSent } from './stock-alert.repository'

type Contact = { channel: 'email' | 'sms'; contact: string }

/** The one contact of the request: a phone in international form, or an e-mail in lower case. */
function contactOf(input: StockAlertInput): Contact {
  const phone = input.phone?.trim() ?? ''
  const email = input.email?.trim() ?? ''
  if (phone && email) throw BadRequest('Invalid body: give a phone or an e-mail, not both', [{ path: 'phone', message: 'give a phone or an e-mail, not both' }])
  if (email) return { channel: 'email', contact: email.toLowerCase() }
  if (!phone) throw BadRequest('Invalid body: give a phone or an e-mail', [{ path: 'phone', message: 'give a phone or an e-mail' }])
  const checked = parsePhone(phone)
  if (!checked.ok) throw BadRequest(`Invalid body: phone ${notAPhoneMessage}`, [{ path: 'phone', message: notAPhoneMessage }])
  return { channel: 'sms', contact: checked.phone }
}

/** The variant asked for: one of the product's, or none for a product without variants. */
function variantOf(product: ProductRow, variant: string | null | undefined): string {
  const id = variant ?? ''
  if (product.variants.length === 0 ? id !== '' : !product.variants.some((v) => v._id === id)) {
    const message = product.variants.length ? 'must be one of the product\'s variants' : 'must be empty: the product has no variants'
    throw BadRequest(`Invalid body: variant ${message}`, [{ path: 'variant', message }])
  }
  return id
}

const heardBy = (contact: Contact) =>
  contact.channel === 'sms' ? `We will send one SMS to ${contact.contact} when it is back.` : `We will send one e-mail to ${contact.contact} when it is back.`

/** Anyone: waits for a sold-out variant of a visible product (409 when it is in stock). */
export async function subscribeStockAlert(ctx: ServiceContext, input: StockAlertInput): Promise<StockAlert> {
  const contact = contactOf(input)
  if (contact.channel === 'sms' && !ctx.config.arkesel) {
    throw BadRequest('Invalid body: this shop cannot send SMS yet; give an e-mail', [{ path: 'phone', message: 'cannot be used: SMS is not set up; give an e-mail' }])
  }
  const product = await findProduct(ctx.db, input.product)
  if (!product || product.shopId !== input.shop || !product.available) throw NotFound('No such product')
  const variantId = variantOf(product, input.variant)
  // Under the inventory rows' lock, so a restock either comes first (and this sees the stock) or waits
  // for this alert and sends it.
  const row = await inTransaction(ctx, async (tx) => {
    await lockInventory(tx.db, product.shopId, product.id)
    const stock = (await inventoryStates(tx.db, product.shopId, product.id)).find((state) => state.variantId === variantId)
    if (availability(stock, 0).level !== 'sold-out') {
      throw Conflict(`${product.title} is in stock: add it to your cart`, [{ path: 'variant', message: 'is in stock' }])
    }
    return insertStockAlert(tx.db, { shopId: product.shopId, productId: product.id, variantId, ...contact, createdAt: ctx.clock.now() })
  })
  return { _id: row.id, product: row.productId, variant: row.variantId || null, channel: row.channel, message: heardBy(contact) }
}

/** Anyone with the key of the alert's message: removes it and the contact's other waiting alerts in the shop. */
export async function unsubscribeStockAlert(ctx: ServiceContext, id: string, key: string): Promise<void> {
  const alert = await findStockAlert(ctx.db, id)
  if (!alert || !alert.keyHash || alert.keyHash !== sha256(key)) throw NotFound('No such alert')
  await deleteStockAlertsOf(ctx.db, alert)
}

/** Staff (keepers and up): shoppers waiting per variant of a product. */
export async function stockAlertsWaiting(ctx: ServiceContext, productId: string): Promise<StockAlertWaiting> {
  ctx.actor.requireUser()
  const product = await findProduct(ctx.db, productId)
  if (!product) throw NotFound('No such product')
  await ctx.actor.authorize(product.shopId, 'dashboard.view')
  // Alerts of a variant the product no longer has can never be sent: they are not counted.
  const variantIds = product.variants.length ? product.variants.map((variant) => variant._id) : ['']
  const rows = (await countWaiting(ctx.db, product.shopId, product.id)).filter((row) => variantIds.includes(row.variantId))
  return { product: product.id, data: rows.map((row) => ({ variant: row.variantId || null, waiting: row.waiting })) }
}

const featuresText = (features: Record<string, string> | undefined) =>
  Object.entries(features ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ')

/**
 * In the transaction of a stock change, after it: every waiting alert of `productIds` whose variant is in
 * stock now gets its one message and is marked sent. Answers how many were sent.
 */
export async function sendStockAlerts(tx: ServiceContext, shopId: string, productIds: string[]): Promise<number> {
  const due = await lockDueStockAlerts(tx.db, shopId, productIds)
  if (due.length === 0) return 0
  const sent: { id: string; keyHash: string }[] = []
  for (const alert of due) {
    const key = randomToken(24)
    sent.push({ id: alert.id, keyHash: sha256(key) })
    await enqueueMessage(tx, {
      shopId,
      event: `stock-alert:${alert.id}`,
      recipient: alert.contact,
      kind: 'stock-back',
      channel: alert.channel,
      data: {
        title: alert.title,
        features: featuresText(alert.variants.find((variant) => variant._id === alert.variantId)?.features),
        path: productPath({ _id: alert.productId, title: alert.title }),
        unsubscribePath: `/stock-alerts/${alert.id}?key=${key}`,
      },
    })
  }
  await markStockAlertsSent(tx.db, sent, tx.clock.now())
  return sent.length
}
