/**
 * Financial accounts: where a shop's money is paid out (DESIGN §6 settings: administrators and owners).
 * Numbers are checked per kind and stored normalised; every answer masks them to the last four digits.
 */
import type { ServiceContext } from '../../context'
import { Conflict, NotFound, invalidBody } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import {
  type FinancialAccountChanges,
  type FinancialAccountRow,
  deleteFinancialAccount,
  financialAccountQuerySpec,
  findFinancialAccount,
  insertFinancialAccount,
  listFinancialAccounts,
  updateFinancialAccount,
} from './financial-account.repository'
import { financialAccountDto } from './payments.dto'
import {
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

function checkedNumber(kind: Kind, raw: string): string {
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

export async function createFinancialAccount(ctx: ServiceContext, input: FinancialAccountCreateInput): Promise<FinancialAccountDto> {
  await ctx.actor.authorize(input.shop, 'settings.manage')
  const values = {
    shopId: input.shop.toLowerCase(),
    kind: input.kind,
    provider: tidy(input.provider),
    accountName: tidy(input.accountName),
    accountNumber: checkedNumber(input.kind, input.accountNumber),
  }
  const row = await insertFinancialAccount(ctx.db, values, MAX_FINANCIAL_ACCOUNTS)
  if (!row) {
    throw Conflict(`A shop can have at most ${MAX_FINANCIAL_ACCOUNTS} financial accounts`, [
      { path: 'shop', message: `already has ${MAX_FINANCIAL_ACCOUNTS} financial accounts` },
    ])
  }
  return financialAccountDto(row)
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

export async function removeFinancialAccount(ctx: ServiceContext, id: string): Promise<FinancialAccountDto> {
  const existing = await loadForSettings(ctx, id)
  const row = await deleteFinancialAccount(ctx.db, existing.id)
  if (!row) throw NotFound('No such financial account')
  return financialAccountDto(row)
}
