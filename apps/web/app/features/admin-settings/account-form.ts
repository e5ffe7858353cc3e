/** The form that sets the shop's payout account (decision 58), and what the page shows of an account. */
import type { AccountResolveInput, FinancialAccount, FinancialAccountCreateInput, FinancialAccountPatchInput } from '@shop/domain/schemas/payments'

export type AccountForm = { kind: FinancialAccount['kind']; bankCode: string; accountNumber: string }

export const emptyAccountForm: AccountForm = { kind: 'mobile-money', bankCode: '', accountNumber: '' }

/** The account as the form sends it (the page's `resolve-payout` and `save-payout` intents): the number trimmed. */
export function accountFields(form: AccountForm): AccountForm {
  return { kind: form.kind, bankCode: form.bankCode, accountNumber: form.accountNumber.trim() }
}

/** What Paystack is asked to resolve: the same fields the account is saved with. */
export function resolveBody(shop: string, form: AccountForm): AccountResolveInput {
  return { shop, ...accountFields(form) }
}

/** A new payout account: its name comes from Paystack, never from the form. */
export function payoutCreateBody(shop: string, form: AccountForm): FinancialAccountCreateInput {
  return { shop, payout: true, ...accountFields(form) }
}

export function payoutPatchBody(form: AccountForm): FinancialAccountPatchInput {
  return accountFields(form)
}

export function isAccountFormDirty(form: AccountForm): boolean {
  return form.bankCode !== '' || form.accountNumber.trim() !== ''
}

/** The digits the API left visible in a masked number (`•••• 1234` → `1234`). */
export function visibleDigits(masked: string): string {
  return masked.replace(/\D/g, '')
}

export const kindLabels: Record<FinancialAccount['kind'], string> = { 'mobile-money': 'Mobile money', bank: 'Bank account' }
