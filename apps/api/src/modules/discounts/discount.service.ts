/**
 * Discount codes (docs/architecture.md §9). Staff with discounts.manage (manager and up) list, create and change them.
 * Shoppers only ever look up one code by its exact text, and only see it while it is usable. Orders take a
 * use with `redeemDiscountCode` inside their own transaction (a context on it: `withDb`); see docs/decisions/0006-discount-code-uses.md.
 */
import { endOfDay, formatMinor, isMajorAmount, toMinor } from '@shop/domain'
import { type DiscountType, discountValueProblem } from '@shop/domain/schemas/discount-code'
import type { ServiceContext } from '../../context'
import { BadRequest, Conflict, NotFound, Unprocessable, isUniqueViolation, invalidBody } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import {
  type CustomerKeys,
  type DiscountCodeChanges,
  type RedeemedCode,
  discountCodeQuerySpec,
  findCode,
  findCodeForUpdate,
  findCodeState,
  findValidCode,
  giveCodeUseBack,
  hasEarlierOrder,
  insertCode,
  listCodes,
  lockCustomerKeys,
  takeCodeUse,
  updateCode,
} from './discount-code.repository'
import { type DiscountCodeRow, discountCodeDto, publicDiscountCodeDto } from './discount.dto'
import { assertMayTryCode, countWrongCode } from './discount-guesses'
import {
  CODE_PATTERN,
  type DiscountCodeCreateInput,
  type DiscountCodeDto,
  type DiscountCodePatchInput,
  type PublicDiscountCodeDto,
} from './discount.schemas'

const codePattern = new RegExp(CODE_PATTERN)
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const UNIQUE_CODE = 'discount_codes_shop_code_key'


function duplicateCode(error: unknown): never {
  if (isUniqueViolation(error, UNIQUE_CODE)) {
    throw Conflict('This shop already has this discount code', [{ path: 'code', message: 'is already used in this shop (ignoring case)' }])
  }
  throw error
}

/** A whole percent 1–100, or a fixed amount (major units, 2 decimals) stored in minor units. */
function storedValue(type: DiscountType, value: number): number {
  const problem = discountValueProblem(type, value)
  if (problem) invalidBody([{ path: 'value', message: problem }])
  return type === 'percentage' ? value : toMinor(value)
}

function storedMinSubtotal(minSubtotal: number | null): number {
  if (minSubtotal === null) return 0
  if (!isMajorAmount(minSubtotal)) invalidBody([{ path: 'minSubtotal', message: 'must be an amount with at most 2 decimals' }])
  return toMinor(minSubtotal)
}

/**
 * `expiresOn` is a day (it ends at 23:59:59 Africa/Accra); `expiresAt` an exact instant. Either, in the
 * future; null for no expiry (the code never expires); undefined when neither is sent.
 */
function storedExpiry(input: { expiresOn?: string | null; expiresAt?: string | null }, now: Date): Date | null | undefined {
  if (input.expiresOn !== undefined && input.expiresAt !== undefined) {
    invalidBody([{ path: 'expiresAt', message: 'must not be sent together with expiresOn' }])
  }
  if (input.expiresOn === null || input.expiresAt === null) return null
  if (input.expiresOn !== undefined) {
    const end = endOfDay(input.expiresOn)
    if (!end) invalidBody([{ path: 'expiresOn', message: 'must be a real day (YYYY-MM-DD)' }])
    if (end.getTime() <= now.getTime()) invalidBody([{ path: 'expiresOn', message: 'must be today or a later day' }])
    return end
  }
  if (input.expiresAt !== undefined) {
    const at = new Date(input.expiresAt)
    if (Number.isNaN(at.getTime())) invalidBody([{ path: 'expiresAt', message: 'must be an ISO-8601 date and time' }])
    if (at.getTime() <= now.getTime()) invalidBody([{ path: 'expiresAt', message: 'must be in the future' }])
    return at
  }
  return undefined
}

// ---------------------------------------------------------------- HTTP operations

/**
 * GET /api/discount-codes/: with `code` (a plain value) it is the public exact lookup, which takes no
 * other parameter; without it, the staff listing.
 */
export async function findDiscountCodes(
  ctx: ServiceContext,
  query: Record<string, unknown> & { shop: string },
): Promise<Page<PublicDiscountCodeDto> | Page<DiscountCodeDto>> {
  const { shop, code, ...rest } = query
  if (typeof code === 'string') {
    const extra = Object.keys(rest)
    if (extra.length) {
      throw BadRequest(
        `Invalid query: ${extra[0]} is not allowed when looking up a code`,
        extra.map((key) => ({ path: key, message: 'is not allowed when looking up a code' })),
      )
    }
    await assertMayTryCode(ctx, shop, 'code')
    const found = await lookUpDiscountCode(ctx, shop, code)
    if (found.total === 0) await countWrongCode(ctx, shop)
    return found
  }
  return listShopDiscountCodes(ctx, shop, code === undefined ? rest : { ...rest, code })
}

/** The shopper's lookup: at most the one code, ignoring case, and only while it can be used. */
export async function lookUpDiscountCode(ctx: ServiceContext, shopId: string, code: string): Promise<Page<PublicDiscountCodeDto>> {
  const row = await findValidDiscountCode(ctx, shopId, code)
  return { total: row ? 1 : 0, limit: 1, skip: 0, data: row ? [publicDiscountCodeDto(row)] : [] }
}

export async function listShopDiscountCodes(
  ctx: ServiceContext,
  shopId: string,
  query: Record<string, unknown>,
): Promise<Page<DiscountCodeDto>> {
  await ctx.actor.authorize(shopId, 'discounts.manage')
  const parsed = parseQuery(discountCodeQuerySpec, query)
  const { rows, total } = await listCodes(ctx.db, shopId, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(discountCodeDto) }
}

export async function getDiscountCode(ctx: ServiceContext, id: string): Promise<DiscountCodeDto> {
  ctx.actor.requireUser()
  const row = await findCode(ctx.db, id)
  if (!row) throw NotFound('No such discount code')
  await ctx.actor.authorize(row.shopId, 'discounts.manage')
  return discountCodeDto(row)
}

export async function createDiscountCode(ctx: ServiceContext, input: DiscountCodeCreateInput): Promise<DiscountCodeDto> {
  await ctx.actor.authorize(input.shop, 'discounts.manage')
  // No expiry: the code works until it is deactivated or used up.
  const expiresAt = storedExpiry(input, ctx.clock.now()) ?? null
  const values = {
    shopId: input.shop,
    code: input.code,
    type: input.type,
    value: storedValue(input.type, input.value),
    expiresAt,
    usageLimit: input.usageLimit ?? null,
    minSubtotalMinor: storedMinSubtotal(input.minSubtotal ?? null),
    active: input.active ?? true,
    oncePerCustomer: input.oncePerCustomer ?? false,
    firstOrderOnly: input.firstOrderOnly ?? false,
  }
  const row = await insertCode(ctx.db, values).catch(duplicateCode)
  return discountCodeDto(row)
}

export async function patchDiscountCode(ctx: ServiceContext, id: string, input: DiscountCodePatchInput): Promise<DiscountCodeDto> {
  ctx.actor.requireUser()
  const db = ctx.db
  const existing = await findCode(db, id)
  if (!existing) throw NotFound('No such discount code')
  await ctx.actor.authorize(existing.shopId, 'discounts.manage')

  // A stored value means different things per type (percent or minor units), so a new type needs a new value.
  if (input.type !== undefined && input.type !== existing.type && input.value === undefined) {
    invalidBody([{ path: 'value', message: 'is required when the type changes' }])
  }
  const changes: DiscountCodeChanges = {}
  if (input.code !== undefined) changes.code = input.code
  if (input.type !== undefined) changes.type = input.type
  if (input.value !== undefined) changes.value = storedValue(input.type ?? existing.type, input.value)
  const expiresAt = storedExpiry(input, ctx.clock.now())
  if (expiresAt !== undefined) changes.expiresAt = expiresAt
  if (input.usageLimit !== undefined) changes.usageLimit = input.usageLimit
  if (input.minSubtotal !== undefined) changes.minSubtotalMinor = storedMinSubtotal(input.minSubtotal)
  if (input.active !== undefined) changes.active = input.active
  if (input.oncePerCustomer !== undefined) changes.oncePerCustomer = input.oncePerCustomer
  if (input.firstOrderOnly !== undefined) changes.firstOrderOnly = input.firstOrderOnly

  const row = await db
    .transaction(async (tx) => {
      // Locked, so no redemption slips in between the check below and the update.
      const current = await findCodeForUpdate(tx, id)
      if (!current) return null
      if (changes.usageLimit != null && changes.usageLimit < current.usedCount) {
        throw Conflict(`This code has already been used ${current.usedCount} times`, [
          { path: 'usageLimit', message: `must be at least ${current.usedCount}, the uses so far` },
        ])
      }
      return updateCode(tx, id, changes)
    })
    .catch(duplicateCode)
  if (!row) throw NotFound('No such discount code')
  return discountCodeDto(row)
}

// ---------------------------------------------------------------- for checkouts and orders

/** The code if it can be used now (active, not expired, uses left), ignoring case; else null. For previews. */
export async function findValidDiscountCode(ctx: ServiceContext, shopId: string, code: string): Promise<DiscountCodeRow | null> {
  const text = code.trim()
  if (!uuidPattern.test(shopId) || !codePattern.test(text)) return null
  return findValidCode(ctx.db, shopId, text)
}

export type { CustomerKeys }

/**
 * Why the code's per-customer rules refuse this buyer, or null: once per customer (an earlier order with
 * the code) and first order only (any earlier order), each counting orders of the shop that are not
 * canceled with the same phone or e-mail. A buyer with neither is refused by neither rule.
 */
async function customerRuleRefusal(
  ctx: ServiceContext,
  shopId: string,
  code: Pick<RedeemedCode, 'id' | 'oncePerCustomer' | 'firstOrderOnly'>,
  buyer: CustomerKeys,
): Promise<'first-order-only' | 'once-per-customer' | null> {
  if (code.firstOrderOnly && (await hasEarlierOrder(ctx.db, shopId, buyer, null))) return 'first-order-only'
  if (code.oncePerCustomer && (await hasEarlierOrder(ctx.db, shopId, buyer, code.id))) return 'once-per-customer'
  return null
}

const ruleRefusals = {
  'first-order-only': () =>
    Unprocessable('This code is for a first order only', [{ path: 'discount.code', message: 'is for a first order only, and this phone or e-mail has ordered before' }]),
  'once-per-customer': () =>
    Conflict('This code can be used once per customer, and you have used it already', [
      { path: 'discount.code', message: 'can be used once per customer, and this phone or e-mail has used it already' },
    ]),
}

/** What the checkout says about a code's rules for this buyer (a preview, so nothing is locked); null when they allow it. */
export async function discountRuleProblem(
  ctx: ServiceContext,
  shopId: string,
  code: Pick<DiscountCodeRow, 'id' | 'oncePerCustomer' | 'firstOrderOnly'>,
  buyer: CustomerKeys,
): Promise<string | null> {
  if (!code.oncePerCustomer && !code.firstOrderOnly) return null
  const refusal = await customerRuleRefusal(ctx, shopId, code, buyer)
  return refusal ? ruleRefusals[refusal]().message : null
}

const notValid = () => Unprocessable('This discount code is not valid', [{ path: 'discount.code', message: 'is not valid' }])

/**
 * Takes one use of a code inside the caller's transaction (rolled back with it) and answers its terms:
 * `value` is a percent for percentage codes and minor units for fixed ones, as `discountAmount` expects.
 * Throws 422 for an unknown, inactive or expired code or an unmet minimum subtotal, 409 when used up. A
 * code limited to one use per customer or to a first order is checked against `buyer`'s earlier orders
 * under a lock per buyer key (decision 67): 409 when this buyer used it already, 422 when they ordered
 * before.
 */
export async function redeemDiscountCode(
  ctx: ServiceContext,
  shopId: string,
  code: string,
  subtotalMinor: number,
  buyer: CustomerKeys = { phone: '', email: '' },
): Promise<RedeemedCode> {
  const tx = ctx.db
  const text = code.trim()
  if (!uuidPattern.test(shopId) || !codePattern.test(text)) throw notValid()
  const subtotal = Number.isFinite(subtotalMinor) ? Math.max(0, Math.round(subtotalMinor)) : 0
  const redeemed = await takeCodeUse(tx, shopId, text, subtotal)
  if (redeemed) {
    if (redeemed.oncePerCustomer || redeemed.firstOrderOnly) {
      // The code's row lock serializes its own uses; the buyer's lock also covers two first-order codes at once.
      await lockCustomerKeys(tx, shopId, buyer)
      const refusal = await customerRuleRefusal(ctx, shopId, redeemed, buyer)
      if (refusal) throw ruleRefusals[refusal]()
    }
    return redeemed
  }

  const state = await findCodeState(tx, shopId, text)
  if (!state || !state.live) throw notValid()
  if (state.usedUp) {
    throw Conflict('This discount code has been used up', [{ path: 'discount.code', message: 'has been used up' }])
  }
  if (state.minSubtotalMinor > subtotal) {
    const minimum = formatMinor(state.minSubtotalMinor, state.currency)
    throw Unprocessable(`Spend at least ${minimum} to use this code`, [
      { path: 'discount.code', message: `needs a subtotal of at least ${minimum}` },
    ])
  }
  throw notValid()
}

/** The subtotal a code asks for (minor units), or null when the code is gone: an edited order's code is re-checked against it. */
export async function discountCodeMinimum(ctx: ServiceContext, id: string): Promise<number | null> {
  return (await findCode(ctx.db, id))?.minSubtotalMinor ?? null
}

/**
 * Gives back one use taken by `redeemDiscountCode`: the compensation of placement's redeem step, for an
 * order that no longer has the code after the transaction that took it (an edit dropped it, decision 60).
 * Not for canceled orders, which keep their use (docs/decisions/0006-discount-code-uses.md). False when
 * there was no use to give back.
 */
export async function releaseDiscountCode(ctx: ServiceContext, id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false
  return giveCodeUseBack(ctx.db, id)
}
