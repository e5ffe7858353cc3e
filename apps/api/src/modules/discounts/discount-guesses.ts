/**
 * Guessing discount codes (docs/security.md): wrong codes tried in a shop from one IP address are counted
 * on every path that takes a code (the lookup, checkouts and orders); past LIMIT_WRONG_DISCOUNT_CODES, any
 * request from there that carries a code answers 429 before the code is looked at, so a right guess looks
 * no different from a wrong one. Never turned off: RATE_LIMITS=off leaves this limit on.
 *
 * A try is counted before the code is looked at (docs/decisions/0054), so tries sent all at once cannot
 * all pass a limit none of them has counted yet; a wrong one keeps its count (`countWrongCode`), and a
 * right one gives it back when its request ends.
 */
import type { ServiceContext } from '../../context'
import { holdForRequest, holdOne, keepHeld } from '../../lib/limits'

const key = (ctx: ServiceContext, shopId: string) => `discount-wrong:${shopId.toLowerCase()}:${ctx.actor.ip}`

/** Counts a try of a code in the shop from this address; 429 (naming `path`) past the limit. */
export async function assertMayTryCode(ctx: ServiceContext, shopId: string, path: string): Promise<void> {
  const { counters, config } = ctx
  const held = await holdOne(counters, key(ctx, shopId), config.limits.wrongDiscountCodes, 'Too many wrong discount codes. Please wait a few minutes and try again.', [
    { path, message: 'too many wrong codes were tried' },
  ])
  holdForRequest(ctx, key(ctx, shopId), held)
}

/** Keeps the try counted: the code was wrong (counted afresh when no try was held for it). */
export async function countWrongCode(ctx: ServiceContext, shopId: string): Promise<void> {
  const { counters, config } = ctx
  if (!keepHeld(ctx, key(ctx, shopId))) await counters.hit(key(ctx, shopId), config.limits.wrongDiscountCodes.windowMs)
}
