/**
 * Financial accounts: where a shop's money is paid out (docs/architecture.md §6 settings: administrators and owners).
 * Numbers are checked per kind and stored normalised; every answer masks them to the last four digits.
 */
import type { ServiceContext } from '../../context'
import { Conflict, NotFound, invalidBody, isUniqueViolation } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import {
  type FinancialAccountChanges,
  type FinancialAccountRow,
  type NewFinancialAccount,
  deleteFinancialAccount,
  financialAccountQuerySpec,
  findFinancialAccount,
  findPayoutAccount,
  insertFinancialAccount,
  listFinancialAccounts,
  updateFinancialAccount,
} from './financial-account.repository'
import { financialAccountDto } from './payments.dto'
import { createSubaccountFor, payoutChanges, refuseTypedPayoutFields, resolveAccount, resolvePayoutAccount } from './payout-account.service'
import { findShopPaymentTerms } from './transaction.repository'
import {
  type AccountResolveInput,
  type AccountResolvedDto,
  type FinancialAccountCreateInput,
  type FinancialAccountDto,
  type FinancialAccountPatchInput,
  MAX_FINANCIAL_ACCOUNTS,
} from './payments.schemas'

type Kind = FinancialAccountRow['kind']


/**
 * The number as stored, or null when it does not fit the kind. Mobile money: a Ghana number, 10 digits
 * starting with 0 or +233 and 9 digits (stored as the 10-digit form). Bank: 6–20 digits.
 */
export function normalizeAccountNumber(kind: Kind, raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '')
  if (kind === 'mobile-money') {
    if (/^0\d{9}$/.test(compact)) return compact
    const international = /^\+233(\d{9})$/.exec(compact)
    return international && !international[1]!.startsWith('0') ? `0${international[1]}` : null
  }
  return /^\d{6,20}$/.test(compact) ? compact : null
}

const numberRule: Record<Kind, string> = {
  'mobile-money': 'must be a Ghana mobile number: 10 digits starting with 0, or +233 and 9 digits',
  bank: 'must be a bank account number of 6 to 20 digits',
}

export function checkedNumber(kind: Kind, raw: string): string {
  const number = normalizeAccountNumber(kind, raw)
  // The message never repeats the number: error bodies get logged and shown.
  if (!number) invalidBody([{ path: 'accountNumber', message: numberRule[kind] }])
  return number
}

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ')

async function loadForSettings(ctx: ServiceContext, id: string): Promise<FinancialAccountRow> {
  ctx.actor.requireUser()
  const row = await findFinancialAccount(ctx.db, id)
  if (!row) throw NotFound('No such financial account')
  await ctx.actor.authorize(row.shopId, 'settings.manage')
  return row
}

const payoutExists = () =>
  Conflict('This shop already has a payout account: change it instead', [{ path: 'payout', message: 'the shop already has a payout account' }])

/** A payout account: resolved by Paystack and made the shop's subaccount before it is stored (decision 58). */
async function payoutValues(ctx: ServiceContext, input: FinancialAccountCreateInput): Promise<NewFinancialAccount> {
  refuseTypedPayoutFields(input)
  if (input.bankCode === undefined) invalidBody([{ path: 'bankCode', message: "is required for a payout account: a code from the shop's bank list" }])
  const shopId = input.shop.toLowerCase()
  const accountNumber = checkedNumber(input.kind, input.accountNumber)
  if (await findPayoutAccount(ctx.db, shopId)) throw payoutExists()
  const resolved = await resolveAccount(ctx, shopId, { kind: input.kind, bankCode: input.bankCode, accountNumber })
  const subaccountCode = await createSubaccountFor(ctx, shopId, resolved)
  return {
    shopId,
    kind: input.kind,
    provider: resolved.bank.name,
    accountName: resolved.accountName,
    accountNumber,
    bankCode: resolved.bank.code,
    payout: true,
    subaccountCode,
    verifiedAt: ctx.clock.now(),
  }
}

function otherValues(input: FinancialAccountCreateInput): NewFinancialAccount {
  const missing = (['provider', 'accountName'] as const).filter((field) => input[field] === undefined)
  if (missing.length) invalidBody(missing.map((field) => ({ path: field, message: 'must be given for an account other than the payout account (which takes it from Paystack)' })))
  if (input.bankCode !== undefined) invalidBody([{ path: 'bankCode', message: 'is only for the payout account (payout: true)' }])
  return {
    shopId: input.shop.toLowerCase(),
    kind: input.kind,
    provider: tidy(input.provider!),
    accountName: tidy(input.accountName!),
    accountNumber: checkedNumber(input.kind, input.accountNumber),
  }
}

export async function createFinancialAccount(ctx: ServiceContext, input: FinancialAccountCreateInput): Promise<FinancialAccountDto> {
  await ctx.actor.authorize(input.shop, 'settings.manage')
  const values = input.payout ? await payoutValues(ctx, input) : otherValues(input)
  let row: FinancialAccountRow | null
  try {
    row = await insertFinancialAccount(ctx.db, values, MAX_FINANCIAL_ACCOUNTS)
  } catch (error) {
    // Another request saved the shop's payout account meanwhile.
    if (isUniqueViolation(error, 'financial_accounts_shop_payout_key')) throw payoutExists()
    throw error
  }
  if (!row) {
    throw Conflict(`A shop can have at most ${MAX_FINANCIAL_ACCOUNTS} financial accounts`, [
      { path: 'shop', message: `already has ${MAX_FINANCIAL_ACCOUNTS} financial accounts` },
    ])
  }
  return financialAccountDto(row)
}

/** `POST /api/financial-accounts/resolve`: the name Paystack holds for the number, before anything is saved. */
export async function resolveFinancialAccount(ctx: ServiceContext, input: AccountResolveInput): Promise<AccountResolvedDto> {
  return resolvePayoutAccount(ctx, input, checkedNumber)
}

export async function getFinancialAccount(ctx: ServiceContext, id: string): Promise<FinancialAccountDto> {
  return financialAccountDto(await loadForSettings(ctx, id))
}

export async function listShopFinancialAccounts(
  ctx: ServiceContext,
  query: Record<string, unknown> & { shop: string },
): Promise<Page<FinancialAccountDto>> {
  const { shop, ...rest } = query
  const parsed = parseQuery(financialAccountQuerySpec, rest)
  await ctx.actor.authorize(shop, 'settings.manage')
  const { rows, total } = await listFinancialAccounts(ctx.db, shop.toLowerCase(), parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(financialAccountDto) }
}

export async function patchFinancialAccount(ctx: ServiceContext, id: string, input: FinancialAccountPatchInput): Promise<FinancialAccountDto> {
  const existing = await loadForSettings(ctx, id)
  if (existing.payout) return financialAccountDto(await patchPayoutAccount(ctx, existing, input))
  if (input.bankCode !== undefined) invalidBody([{ path: 'bankCode', message: 'is only for the payout account' }])
  const kind = input.kind ?? existing.kind
  const changes: FinancialAccountChanges = {}
  if (input.kind !== undefined) changes.kind = input.kind
  if (input.provider !== undefined) changes.provider = tidy(input.provider)
  if (input.accountName !== undefined) changes.accountName = tidy(input.accountName)
  if (input.accountNumber !== undefined) {
    changes.accountNumber = checkedNumber(kind, input.accountNumber)
  } else if (kind !== existing.kind && !normalizeAccountNumber(kind, existing.accountNumber)) {
    invalidBody([{ path: 'accountNumber', message: `is required when the kind changes to ${kind} (the current number does not fit: it ${numberRule[kind]})` }])
  }
  const row = await updateFinancialAccount(ctx.db, existing.id, changes)
  if (!row) throw NotFound('No such financial account')
  return financialAccountDto(row)
}

/**
 * A payout account changes only as a whole that Paystack resolved: a new kind needs its bank code (the
 * networks and the banks have different codes), and the subaccount is updated before the row.
 */
async function patchPayoutAccount(ctx: ServiceContext, existing: FinancialAccountRow, input: FinancialAccountPatchInput): Promise<FinancialAccountRow> {
  refuseTypedPayoutFields(input)
  const kind = input.kind ?? existing.kind
  if (kind !== existing.kind && input.bankCode === undefined) {
    invalidBody([{ path: 'bankCode', message: `is required when the kind changes to ${kind}` }])
  }
  const bankCode = input.bankCode ?? existing.bankCode
  if (!bankCode) invalidBody([{ path: 'bankCode', message: "is required: a code from the shop's bank list" }])
  let accountNumber: string
  if (input.accountNumber !== undefined) accountNumber = checkedNumber(kind, input.accountNumber)
  else {
    const current = normalizeAccountNumber(kind, existing.accountNumber)
    if (!current) invalidBody([{ path: 'accountNumber', message: `is required when the kind changes to ${kind} (the current number does not fit: it ${numberRule[kind]})` }])
    accountNumber = current
  }
  const changes = await payoutChanges(ctx, existing, { kind, bankCode, accountNumber })
  const row = await updateFinancialAccount(ctx.db, existing.id, changes)
  if (!row) throw NotFound('No such financial account')
  return row
}

export async function removeFinancialAccount(ctx: ServiceContext, id: string): Promise<FinancialAccountDto> {
  const existing = await loadForSettings(ctx, id)
  if (existing.payout) {
    const terms = await findShopPaymentTerms(ctx.db, existing.shopId)
    if (terms?.paymentOptions.some((option) => option.provider === 'paystack' && option.enabled)) {
      throw Conflict('Online payments settle to this account: turn them off in Payment options first, or change the account instead', [
        { path: 'id', message: 'is the payout account of a shop taking payments online' },
      ])
    }
  }
  const row = await deleteFinancialAccount(ctx.db, existing.id)
  if (!row) throw NotFound('No such financial account')
  return financialAccountDto(row)
}
