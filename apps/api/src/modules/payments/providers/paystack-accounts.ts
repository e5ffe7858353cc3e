/**
 * Paystack's side of a shop's payout account (decision 58): its list of banks and mobile money networks for
 * GHS, the name an account number resolves to, the shop's subaccount (created, then updated when the
 * account changes) and the settlements Paystack made to it. Same client and errors as payments: a
 * ProviderError says, in words a merchant can read, what could not be done.
 */
import { type PaystackOptions, paystackRequest } from './paystack'
import { ProviderError } from './provider'

export type BankKind = 'mobile-money' | 'bank'
export type PaystackBank = { code: string; name: string; kind: BankKind }

/** Paystack's `type` for each kind in Ghana: mobile money networks, or banks on GhIPSS. */
const bankTypes: Record<BankKind, string> = { 'mobile-money': 'mobile_money', bank: 'ghipss' }

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const integerOf = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0)

function unreadable(what: string): ProviderError {
  return new ProviderError(`Paystack gave an unreadable answer when asked to ${what}. Please try again.`, 'unexpected data')
}

/** The active banks (or networks) Paystack settles to in `currency`, by name. */
export async function listPaystackBanks(options: PaystackOptions, kind: BankKind, currency: string): Promise<PaystackBank[]> {
  const what = kind === 'bank' ? 'list the banks' : 'list the mobile money networks'
  const query = new URLSearchParams({ currency, type: bankTypes[kind], perPage: '100' })
  const { data } = await paystackRequest(options, 'GET', `/bank?${query}`, what)
  if (!Array.isArray(data)) throw unreadable(what)
  return data
    .filter((bank): bank is Record<string, unknown> => typeof bank === 'object' && bank !== null && bank.active !== false && bank.is_deleted !== true)
    .map((bank) => ({ code: text(bank.code), name: text(bank.name), kind }))
    .filter((bank) => bank.code && bank.name)
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** The name the bank or network holds for `accountNumber`; Paystack refuses a number it does not know. */
export async function resolvePaystackAccount(options: PaystackOptions, bankCode: string, accountNumber: string): Promise<string> {
  const what = 'find this account'
  const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode })
  const { data } = await paystackRequest(options, 'GET', `/bank/resolve?${query}`, what)
  const name = text((data as Record<string, unknown>).account_name)
  if (!name) throw unreadable(what)
  return name.replace(/\s+/g, ' ').slice(0, 100)
}

export type SubaccountInput = { businessName: string; bankCode: string; accountNumber: string; percentageCharge: number; description: string }

function subaccountBody(input: SubaccountInput) {
  return {
    business_name: input.businessName.slice(0, 100),
    settlement_bank: input.bankCode,
    account_number: input.accountNumber,
    percentage_charge: input.percentageCharge,
    description: input.description,
  }
}

function subaccountCode(data: unknown, what: string): string {
  const code = text((data as Record<string, unknown>).subaccount_code)
  if (!/^ACCT_[A-Za-z0-9]+$/.test(code)) throw unreadable(what)
  return code
}

/** `POST /subaccount`: the shop's subaccount, answered as its code (`ACCT_…`). */
export async function createPaystackSubaccount(options: PaystackOptions, input: SubaccountInput): Promise<string> {
  const what = 'save the payout account'
  const { data } = await paystackRequest(options, 'POST', '/subaccount', what, subaccountBody(input))
  return subaccountCode(data, what)
}

/** `PUT /subaccount/{code}`: the same subaccount, now settling to the changed account. */
export async function updatePaystackSubaccount(options: PaystackOptions, code: string, input: SubaccountInput): Promise<string> {
  const what = 'change the payout account'
  const { data } = await paystackRequest(options, 'PUT', `/subaccount/${encodeURIComponent(code)}`, what, subaccountBody(input))
  return subaccountCode(data, what)
}

export type PaystackSettlement = {
  id: string
  status: 'pending' | 'processing' | 'success' | 'failed'
  currency: string
  totalAmountMinor: number
  totalFeesMinor: number
  totalProcessedMinor: number
  settledAt: string | null
  createdAt: string | null
}

export type PaystackSettlementPage = { settlements: PaystackSettlement[]; total: number; page: number; perPage: number; pageCount: number }

const settlementStatuses = new Set(['pending', 'processing', 'success', 'failed'])

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

/** `GET /settlement?subaccount=`: one page of the subaccount's settlements, as Paystack pages them. */
export async function listPaystackSettlements(
  options: PaystackOptions,
  subaccount: string,
  page: number,
  perPage: number,
): Promise<PaystackSettlementPage> {
  const what = 'list the payouts'
  const query = new URLSearchParams({ subaccount, page: String(page), perPage: String(perPage) })
  const { data, meta } = await paystackRequest(options, 'GET', `/settlement?${query}`, what)
  if (!Array.isArray(data)) throw unreadable(what)
  const settlements = data
    .filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    .map((row) => ({
      id: String(row.id ?? ''),
      status: (settlementStatuses.has(row.status as string) ? row.status : 'pending') as PaystackSettlement['status'],
      currency: text(row.currency).toUpperCase(),
      totalAmountMinor: integerOf(row.total_amount),
      totalFeesMinor: integerOf(row.total_fees),
      totalProcessedMinor: integerOf(row.total_processed),
      settledAt: isoOrNull(row.settlement_date),
      createdAt: isoOrNull(row.createdAt ?? row.created_at),
    }))
  const total = integerOf(meta?.total) || settlements.length
  const answeredPerPage = integerOf(meta?.perPage) || perPage
  return {
    settlements,
    total,
    page: integerOf(meta?.page) || page,
    perPage: answeredPerPage,
    pageCount: integerOf(meta?.pageCount) || Math.max(1, Math.ceil(total / answeredPerPage)),
  }
}
