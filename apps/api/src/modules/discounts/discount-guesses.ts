/**
 * Guessing discount codes (docs/security.md): wrong codes tried in a shop from one IP address are counted
 * on every path that takes a code (the lookup, checkouts and orders); past LIMIT_WRONG_DISCOUNT_CODES, any
 * request from there that carries a code answers 429 before the code is looked at, so a right guess looks
 * no different from a wrong one. Never turned off: RATE_LIMITS=off leaves this limit on.
 */
import type { ServiceContext } from '../../context'
import { refuseAtLimit } from '../../lib/limits'

const key = (ctx: ServiceContext, shopId: string) => `discount-wrong:${shopId.toLowerCase()}:${ctx.actor.ip}`

/** 429 (naming `path`) while this address has tried too many wrong codes in the shop. */
export async function assertMayTryCode(ctx: ServiceContext, shopId: string, path: string): Promise<void> {
  const { counters, config } = ctx
  await refuseAtLimit(counters, key(ctx, shopId), config.limits.wrongDiscountCodes, 'Too many wrong discount codes. Please wait a few minutes and try again.', [
    { path, message: 'too many wrong codes were tried' },
  ])
}

/** Counts one wrong code tried in the shop from this address. */
export async function countWrongCode(ctx: ServiceContext, shopId: string): Promise<void> {
  const { counters, config } = ctx
  await counters.hit(key(ctx, shopId), config.limits.wrongDiscountCodes.windowMs)
}
