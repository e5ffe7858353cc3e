/**
 * Login limits (docs/security.md), counted in Redis when it is configured:
 * - every login call (sign in, sign up, code exchange, session hand-over) per IP address;
 * - wrong passwords per (IP address, e-mail address): past the limit that pair gets 429 for a while;
 * - wrong passwords per e-mail address from anywhere: only a growing delay before each attempt, so a
 *   flood of wrong passwords from many addresses slows the account down but never locks its owner out.
 * RATE_LIMITS=off turns all three off (benchmarks and load tests).
 */
import type { ServiceContext } from '../../context'
import { refuseAtLimit, slowDown, takeOne } from '../../lib/limits'

/** Counts one login call from the caller's address; 429 past the limit. Routes run it before the body is used. */
export async function limitLoginCalls(ctx: ServiceContext): Promise<void> {
  const { limits } = ctx.config
  if (!limits.enabled) return
  await takeOne(ctx.counters, `login-ip:${ctx.actor.ip}`, limits.loginsPerIp, 'Too many login attempts from this network. Please wait a minute and try again.')
}

/**
 * Runs a password check for `email` from the caller's address under the limits: refused while the pair is
 * at its limit, delayed while the address is being flooded, and counted when `check` answers null (a
 * wrong password).
 */
export async function guardPassword<T>(ctx: ServiceContext, email: string, check: () => Promise<T | null>): Promise<T | null> {
  const { limits } = ctx.config
  if (!limits.enabled) return check()
  const counters = ctx.counters
  const address = email.trim().toLowerCase()
  const pair = `login-failures:${ctx.actor.ip}:${address}`
  const flood = `login-failures:${address}`
  await refuseAtLimit(counters, pair, limits.loginFailuresPerIpAndAddress, 'Too many wrong passwords. Please wait a few minutes and try again.')
  await slowDown(counters, flood, limits.loginSlowdown)
  const result = await check()
  if (result === null) {
    await counters.hit(pair, limits.loginFailuresPerIpAndAddress.windowMs)
    await counters.hit(flood, limits.loginSlowdown.windowMs)
  }
  return result
}
