/**
 * A shop's payout account (decision 58): the one financial account its online payments settle to. Its bank
 * or mobile money network comes from Paystack's own list for the shop's currency, its name is the one
 * Paystack resolves for the number (shown to the merchant before saving, and resolved again on save, never
 * taken from the client), and it is held at Paystack as the shop's subaccount: created once, updated when
 * the account changes. Administrators and owners only, like every financial account.
 */
import type { ServiceContext } from '../../context'
import { Conflict, type FieldError, HttpError, NotFound, Unprocessable, invalidBody } from '../../lib/errors'
import { findShop } from '../shops/shop.service'
import type { FinancialAccountChanges, FinancialAccountRow } from './financial-account.repository'
import type { AccountResolveInput, AccountResolvedDto, PayoutBankDto } from './payments.schemas'
import { maskAccountNumber } from './payments.dto'
import type { PaystackOptions } from './providers/paystack'
import {
  type BankKind,
  type PaystackBank,
  type SubaccountInput,
  createPaystackSubaccount,
  listPaystackBanks,
  resolvePaystackAccount,
  updatePaystackSubaccount,
} from './providers/paystack-accounts'
import { ProviderError } from './providers/provider'
import { BadGateway } from './settle-payment'

/** Paystack's bank list changes a few times a year: kept this long per kind, so the form opens at once. */
export const BANK_LIST_TTL_MS = 10 * 60 * 1000

const bankLists = new Map<string, { at: number; banks: PaystackBank[] }>()

export const onlinePaymentsUnavailable = 'Online payments are not available on this platform yet'

/** Paystack's client for this platform, or a 409 saying online payments are not offered here. */
export function paystackOptions(ctx: ServiceContext): PaystackOptions {
  const { paystackSecretKey, paystackBaseUrl } = ctx.config
  if (!paystackSecretKey) throw Conflict(onlinePaymentsUnavailable)
  return { secretKey: paystackSecretKey, baseUrl: paystackBaseUrl }
}

/**
 * What Paystack said, as an answer: a refusal of what the merchant typed (an account it cannot find) is a
 * 422 on `path`; Paystack unreachable, or refusing the platform itself, a 502. Never a 500.
 */
export function paystackFailure(error: unknown, path: string): never {
  if (error instanceof ProviderError) {
    const refusedInput = /^HTTP (400|404|422)$/.test(error.detail ?? '')
    if (refusedInput) throw Unprocessable(error.message, [{ path, message: error.message }])
    throw BadGateway(error.message)
  }
  throw error
}

async function paystackCall<T>(path: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof HttpError) throw error
    return paystackFailure(error, path)
  }
}

async function banksOf(ctx: ServiceContext, kind: BankKind, currency: string): Promise<PaystackBank[]> {
  const options = paystackOptions(ctx)
  const key = `${options.baseUrl}|${currency}|${kind}`
  const now = ctx.clock.now().getTime()
  const cached = bankLists.get(key)
  if (cached && now - cached.at < BANK_LIST_TTL_MS) return cached.banks
  const banks = await paystackCall('kind', () => listPaystackBanks(options, kind, currency))
  bankLists.set(key, { at: now, banks })
  return banks
}

async function shopOf(ctx: ServiceContext, shopId: string) {
  const shop = await findShop(ctx, shopId.toLowerCase())
  if (!shop) throw NotFound('No such shop')
  return shop
}

/** `GET /api/financial-accounts/banks?shop=&kind=`: the banks or networks a payout account may use. */
export async function listPayoutBanks(ctx: ServiceContext, shopId: string, kind: BankKind): Promise<{ data: PayoutBankDto[] }> {
  await ctx.actor.authorize(shopId, 'settings.manage')
  const shop = await shopOf(ctx, shopId)
  return { data: await banksOf(ctx, kind, shop.currency) }
}

async function bankFor(ctx: ServiceContext, kind: BankKind, currency: string, bankCode: string): Promise<PaystackBank> {
  const bank = (await banksOf(ctx, kind, currency)).find((candidate) => candidate.code === bankCode)
  if (!bank) {
    const list = kind === 'bank' ? 'banks' : 'mobile money networks'
    invalidBody([{ path: 'bankCode', message: `is not one of Paystack's ${list} for ${currency}` }])
  }
  return bank
}

export type ResolvedAccount = { bank: PaystackBank; accountName: string; accountNumber: string }

/** The bank from the list and the name Paystack holds for the (already normalised) number. */
export async function resolveAccount(
  ctx: ServiceContext,
  shopId: string,
  input: { kind: BankKind; bankCode: string; accountNumber: string },
): Promise<ResolvedAccount> {
  const shop = await shopOf(ctx, shopId)
  const bank = await bankFor(ctx, input.kind, shop.currency, input.bankCode)
  const options = paystackOptions(ctx)
  const accountName = await paystackCall('accountNumber', () => resolvePaystackAccount(options, bank.code, input.accountNumber))
  return { bank, accountName, accountNumber: input.accountNumber }
}

/** `POST /api/financial-accounts/resolve`: what the merchant confirms before saving. */
export async function resolvePayoutAccount(
  ctx: ServiceContext,
  input: AccountResolveInput,
  normalize: (kind: BankKind, raw: string) => string,
): Promise<AccountResolvedDto> {
  await ctx.actor.authorize(input.shop, 'settings.manage')
  const resolved = await resolveAccount(ctx, input.shop, { kind: input.kind, bankCode: input.bankCode, accountNumber: normalize(input.kind, input.accountNumber) })
  return {
    accountName: resolved.accountName,
    bankCode: resolved.bank.code,
    bankName: resolved.bank.name,
    accountNumber: maskAccountNumber(resolved.accountNumber),
  }
}

async function subaccountInput(ctx: ServiceContext, shopId: string, resolved: ResolvedAccount): Promise<SubaccountInput> {
  const shop = await shopOf(ctx, shopId)
  return {
    businessName: shop.title,
    bankCode: resolved.bank.code,
    accountNumber: resolved.accountNumber,
    percentageCharge: ctx.config.platformFeePercent,
    description: `${shop.slug} (${shop.id})`,
  }
}

/** A new payout account's subaccount at Paystack: its code, to store with the account. */
export async function createSubaccountFor(ctx: ServiceContext, shopId: string, resolved: ResolvedAccount): Promise<string> {
  const input = await subaccountInput(ctx, shopId, resolved)
  const options = paystackOptions(ctx)
  return paystackCall('accountNumber', () => createPaystackSubaccount(options, input))
}

/**
 * The changes a payout account's PATCH makes, after Paystack resolved the new details and its subaccount
 * settles to them (the same subaccount, updated; a new one if it never had one).
 */
export async function payoutChanges(
  ctx: ServiceContext,
  existing: FinancialAccountRow,
  next: { kind: BankKind; bankCode: string; accountNumber: string },
): Promise<FinancialAccountChanges> {
  const resolved = await resolveAccount(ctx, existing.shopId, next)
  const input = await subaccountInput(ctx, existing.shopId, resolved)
  const options = paystackOptions(ctx)
  const code = existing.subaccountCode
    ? await paystackCall('accountNumber', () => updatePaystackSubaccount(options, existing.subaccountCode!, input))
    : await paystackCall('accountNumber', () => createPaystackSubaccount(options, input))
  return {
    kind: next.kind,
    bankCode: resolved.bank.code,
    provider: resolved.bank.name,
    accountName: resolved.accountName,
    accountNumber: resolved.accountNumber,
    subaccountCode: code,
    verifiedAt: ctx.clock.now(),
  }
}

/** A payout account's name and bank come from Paystack: the body may not set them. */
export function refuseTypedPayoutFields(input: { provider?: string; accountName?: string }): void {
  const errors: FieldError[] = []
  if (input.provider !== undefined) errors.push({ path: 'provider', message: "is the bank's or network's name from Paystack's list for a payout account: send bankCode" })
  if (input.accountName !== undefined) errors.push({ path: 'accountName', message: 'is the name Paystack resolves for a payout account: leave it out' })
  if (errors.length) invalidBody(errors)
}
