/**
 * Login limits (docs/security.md), counted in Redis when it is configured:
 * - every login call (sign in, sign up, code exchange, session hand-over) per IP address;
 * - wrong passwords per (IP address, e-mail address): past the limit that pair gets 429 for a while;
 * - wrong passwords per e-mail address from anywhere: only a growing delay before each attempt, so a
 *   flood of wrong passwords from many addresses slows the account down but never locks its owner out.
 * RATE_LIMITS=off turns all three off (benchmarks and load tests).
 */
import type { ServiceContext } from '../../context'
import { type HeldCount, holdOne, slowDown, takeOne } from '../../lib/limits'

/** Counts one login call from the caller's address; 429 past the limit. Routes run it before the body is used. */
export async function limitLoginCalls(ctx: ServiceContext): Promise<void> {
  const { limits } = ctx.config
  if (!limits.enabled) return
  await takeOne(ctx.counters, `login-ip:${ctx.actor.ip}`, limits.loginsPerIp, 'Too many login attempts from this network. Please wait a minute and try again.')
}

/**
 * Runs a password check for `email` from the caller's address under the limits. The attempt is counted
 * before the password is checked, for the pair and for the address: refused past the pair's limit, and
 * delayed by its place among the address's failures (attempts still being checked included, so a flood
 * sent all at once is slowed like one sent in turn). A right password (`check` answers a value) gives
 * both counts back; a wrong one (null) keeps them.
 */
export async function guardPassword<T>(ctx: ServiceContext, email: string, check: () => Promise<T | null>): Promise<T | null> {
  const { limits } = ctx.config
  if (!limits.enabled) return check()
  const counters = ctx.counters
  const address = email.trim().toLowerCase()
  const pair = await holdOne(
    counters,
    `login-failures:${ctx.actor.ip}:${address}`,
    limits.loginFailuresPerIpAndAddress,
    'Too many wrong passwords. Please wait a few minutes and try again.',
  )
  let flood: HeldCount | undefined
  let wrong = false
  try {
    flood = await slowDown(counters, `login-failures:${address}`, limits.loginSlowdown)
    const result = await check()
    wrong = result === null
    return result
  } finally {
    // Only a wrong password counts: a right one, or an error on the way, gives its places back.
    if (!wrong) await Promise.all([pair.giveBack(), flood?.giveBack()])
  }
}
