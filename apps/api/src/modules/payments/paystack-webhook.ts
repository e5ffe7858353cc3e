/**
 * Paystack's webhook (POST /api/payments/paystack/webhook). The signature is HMAC-SHA512 of the raw body
 * with our secret key, in hex, compared in constant time. `charge.success` matters only for its reference: the
 * payment is confirmed by asking Paystack (verify), then checked against our attempt. `refund.processed` and
 * `refund.failed` move one of our refunds (decision 59): found by Paystack's refund id, else by its payment's
 * reference and amount, and only while it is pending, so a forged or repeated event cannot add money.
 * Answers 200 for anything it has handled or chosen to ignore, so Paystack stops retrying; a 502 when
 * Paystack could not be asked, so it tries again later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { ServiceContext } from '../../context'
import type { PaystackEvent } from './payments.schemas'
import { applyRefundEvent } from './refund.service'
import { verifyTransaction } from './settle-payment'
import { findTransactionByReference } from './transaction.repository'

export function paystackSignature(rawBody: Buffer, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex')
}

/** True only for the exact hex signature of this body; any other header (or none) is false. */
export function isValidPaystackSignature(rawBody: Buffer | undefined, header: unknown, secretKey: string | null): boolean {
  if (!rawBody || !secretKey || typeof header !== 'string') return false
  const expected = Buffer.from(paystackSignature(rawBody, secretKey), 'utf8')
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/

/** refund.processed / refund.failed: the refund's id, its payment's reference and amount, nothing more. */
async function handleRefundEvent(ctx: ServiceContext, event: PaystackEvent, outcome: 'processed' | 'failed'): Promise<{ received: true }> {
  const data = (event.data ?? {}) as Record<string, unknown>
  const id = typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : ''
  const reference = data.transaction_reference
  const amount = data.amount
  const applied = await applyRefundEvent(ctx, {
    outcome,
    refundId: REFERENCE.test(id) ? id : null,
    transactionReference: typeof reference === 'string' && REFERENCE.test(reference) ? reference : null,
    amountMinor: typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : null,
  })
  ctx.log.info({ event: event.event, refund: id, changed: applied.changed }, 'paystack refund event handled')
  return { received: true }
}

export async function handlePaystackEvent(ctx: ServiceContext, event: PaystackEvent): Promise<{ received: true }> {
  if (event.event === 'refund.processed') return handleRefundEvent(ctx, event, 'processed')
  if (event.event === 'refund.failed') return handleRefundEvent(ctx, event, 'failed')
  if (event.event !== 'charge.success') {
    ctx.log.info({ event: event.event }, 'paystack event ignored')
    return { received: true }
  }
  const reference = event.data?.reference
  if (typeof reference !== 'string' || !REFERENCE.test(reference)) {
    ctx.log.warn({ event: event.event }, 'paystack charge.success without a usable reference')
    return { received: true }
  }
  const row = await findTransactionByReference(ctx.db, 'paystack', reference)
  if (!row) {
    // Not ours (another integration on the same Paystack account) or long gone: Paystack would retry a 4xx.
    ctx.log.warn({ reference }, 'paystack charge.success for an unknown reference')
    return { received: true }
  }
  const settled = await verifyTransaction(ctx, row)
  ctx.log.info({ transaction: row.id, status: settled.transaction.status, changed: settled.changed }, 'paystack charge.success handled')
  return { received: true }
}
