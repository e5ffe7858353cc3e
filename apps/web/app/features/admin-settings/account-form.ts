/** The form that adds a payout account, and what the list shows of one. */
import type { FinancialAccount, FinancialAccountCreateInput } from '@shop/domain/schemas/payments'

export type AccountForm = { kind: FinancialAccount['kind']; provider: string; accountName: string; accountNumber: string }

export const emptyAccountForm: AccountForm = { kind: 'mobile-money', provider: '', accountName: '', accountNumber: '' }

export function accountBody(shop: string, form: AccountForm): FinancialAccountCreateInput {
  return {
    shop,
    kind: form.kind,
    provider: form.provider.trim(),
    accountName: form.accountName.trim(),
    accountNumber: form.accountNumber.trim(),
  }
}

export function isAccountFormDirty(form: AccountForm): boolean {
  return form.provider.trim() !== '' || form.accountName.trim() !== '' || form.accountNumber.trim() !== ''
}

/** The digits the API left visible in a masked number (`•••• 1234` → `1234`). */
export function visibleDigits(masked: string): string {
  return masked.replace(/\D/g, '')
}

export const kindLabels: Record<FinancialAccount['kind'], string> = { 'mobile-money': 'Mobile money', bank: 'Bank account' }
