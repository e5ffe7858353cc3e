/**
 * Row → response mappers for transactions and financial accounts. Only the fields listed here reach a
 * client: never a provider's raw answer, and never an account number beyond its last four digits.
 */
import { toMajor } from '@shop/domain'
import type { FinancialAccountRow } from './financial-account.repository'
import type { FinancialAccountDto, TransactionDto } from './payments.schemas'
import { recordedPayment } from './settle-payment'
import type { TransactionRow } from './transaction.repository'

/** `•••• 4567`: the last four digits, enough to recognise an account, too few to use it. */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, '')
  return `•••• ${digits.slice(-4)}`
}

export function financialAccountDto(row: FinancialAccountRow): FinancialAccountDto {
  return {
    _id: row.id,
    shop: row.shopId,
    kind: row.kind,
    provider: row.provider,
    accountName: row.accountName,
    accountNumber: maskAccountNumber(row.accountNumber),
    payout: row.payout,
    bankCode: row.bankCode,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The buyer-safe reason an attempt failed, as stored in `details.error`. */
export function transactionError(row: Pick<TransactionRow, 'status' | 'details'>): string | null {
  if (row.status !== 'failed') return null
  const error = row.details.error
  return typeof error === 'string' && error ? error : 'The payment did not go through'
}

export function transactionDto(row: TransactionRow, redirectUrl?: string | null): TransactionDto {
  const recorded = recordedPayment(row)
  return {
    _id: row.id,
    order: row.orderId,
    provider: row.provider,
    reference: row.reference,
    amount: { value: toMajor(row.amountMinor), currency: row.currency },
    status: row.status,
    error: transactionError(row),
    ...(recorded ? { recorded: { method: recorded.method, reference: recorded.reference, note: recorded.note } } : {}),
    ...(redirectUrl !== undefined ? { redirectUrl } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
