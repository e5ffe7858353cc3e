/**
 * A shop's payouts (decision 58): the settlements Paystack made to its subaccount, page by page as Paystack
 * pages them, and what each order paid online and what the shop kept of it: Paystack's answer when the
 * payment was verified (its fee and the split's shares), kept on the attempt. Administrators and owners.
 */
import { toMajor } from '@shop/domain'
import type { ServiceContext } from '../../context'
import { HttpError } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { findPayoutSubaccount } from './financial-account.repository'
import type { PayoutPaymentDto, PayoutSettlementsDto, SettlementsQuery } from './payments.schemas'
import { paystackFailure, paystackOptions } from './payout-account.service'
import { listPaystackSettlements } from './providers/paystack-accounts'
import { type TransactionRow, listPaidOnline, payoutPaymentQuerySpec } from './transaction.repository'

export async function listSettlements(ctx: ServiceContext, query: SettlementsQuery): Promise<PayoutSettlementsDto> {
  await ctx.actor.authorize(query.shop, 'settings.manage')
  const page = Number(query.page ?? 1)
  const perPage = Number(query.perPage ?? 20)
  const subaccount = await findPayoutSubaccount(ctx.db, query.shop.toLowerCase())
  // No verified payout account (or no Paystack here): nothing was ever settled to the shop.
  if (!subaccount || !ctx.config.paystackSecretKey) return { page, perPage, total: 0, pageCount: 0, data: [] }
  try {
    const answer = await listPaystackSettlements(paystackOptions(ctx), subaccount, page, perPage)
    return {
      page: answer.page,
      perPage: answer.perPage,
      total: answer.total,
      pageCount: answer.pageCount,
      data: answer.settlements.map((settlement) => {
        const money = (minor: number) => ({ value: toMajor(minor), currency: settlement.currency })
        return {
          _id: settlement.id,
          status: settlement.status,
          amount: money(settlement.totalAmountMinor),
          processed: money(settlement.totalProcessedMinor),
          fees: money(settlement.totalFeesMinor),
          settledAt: settlement.settledAt,
          createdAt: settlement.createdAt,
        }
      }),
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    return paystackFailure(error, 'shop')
  }
}

type Shares = { paystack: number | null; platform: number | null; net: number | null }

/** What Paystack said of a verified payment: its fee and, for a split payment, each party's share. */
export function paymentShares(row: Pick<TransactionRow, 'amountMinor' | 'details'>): Shares {
  const verification = row.details.verification as { raw?: Record<string, unknown> } | undefined
  const raw = verification?.raw ?? {}
  const split = raw.feesSplit as { paystack: number; integration: number; subaccount: number } | undefined
  if (split) return { paystack: split.paystack, platform: split.integration, net: split.subaccount }
  // Paid before the shop had a payout account: Paystack's fee is known, but the money went to the platform.
  const fees = typeof raw.fees === 'number' && Number.isSafeInteger(raw.fees) ? raw.fees : null
  return { paystack: fees, platform: null, net: null }
}

export async function listPayoutPayments(
  ctx: ServiceContext,
  query: Record<string, unknown> & { shop: string },
): Promise<Page<PayoutPaymentDto>> {
  const { shop, ...rest } = query
  const parsed = parseQuery(payoutPaymentQuerySpec, rest)
  await ctx.actor.authorize(shop, 'settings.manage')
  const { rows, total } = await listPaidOnline(ctx.db, shop.toLowerCase(), parsed)
  return {
    total,
    limit: parsed.limit,
    skip: parsed.skip,
    data: rows.map(({ transaction, orderNumber }) => {
      const money = (minor: number | null) => (minor === null ? null : { value: toMajor(minor), currency: transaction.currency })
      const shares = paymentShares(transaction)
      return {
        transaction: transaction.id,
        order: transaction.orderId,
        orderId: orderNumber,
        reference: transaction.reference,
        amount: money(transaction.amountMinor)!,
        paystackFee: money(shares.paystack),
        platformFee: money(shares.platform),
        net: money(shares.net),
        paidAt: transaction.updatedAt.toISOString(),
      }
    }),
  }
}
