import type { Transaction, TransactionStatus } from '@shop/domain/schemas/payments'

const providerLabels: Record<string, string> = {
  manual: 'On delivery or at pick-up',
  test: 'Test payment',
  paystack: 'Paystack (mobile money or card)',
}

export function providerLabel(provider: string): string {
  return providerLabels[provider] ?? provider
}

export const transactionStatusLabels: Record<TransactionStatus, string> = {
  pending: 'Waiting for payment',
  success: 'Paid',
  failed: 'Failed',
  abandoned: 'Abandoned',
}

/** The order's payment in a few words: the newest attempt decides (transactions come newest first). */
export function paymentStatus(transactions: readonly Transaction[]): string {
  const latest = transactions[0]
  return latest ? transactionStatusLabels[latest.status] : 'No payment recorded'
}
