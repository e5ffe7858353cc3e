/**
 * Login limits (docs/security.md), counted in Redis when it is configured:
 * - every login call (sign in, sign up, code exchange, session hand-over) per IP address;
 * - wrong passwords per (IP address, e-mail address): past the limit that pair gets 429 for a while;
 * - wrong passwords per e-mail address from anywhere: only a growing delay before each attempt, so a
 *   flood of wrong passwords from many addresses slows the account down but never locks its owner out.
 * RATE_LIMITS=off turns all three off (benchmarks and load tests).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { refuseAtLimit, slowDown, takeOne } from '../../lib/limits'

export type LoginLimits = {
  /** preHandler for every login call. */
  perIp(request: FastifyRequest): Promise<void>
  /**
   * Runs a password check for `email` from `ip` under the limits: refused while the pair is at its limit,
   * delayed while the address is being flooded, and counted when `check` answers null (a wrong password).
   */
  guardPassword<T>(ip: string, email: string, check: () => Promise<T | null>): Promise<T | null>
}

export function loginLimits(app: FastifyInstance): LoginLimits {
  const { limits } = app.config
  const counters = app.counters
  return {
    async perIp(request) {
      if (!limits.enabled) return
      await takeOne(counters, `login-ip:${request.ip}`, limits.loginsPerIp, 'Too many login attempts from this network. Please wait a minute and try again.')
    },

    async guardPassword(ip, email, check) {
      if (!limits.enabled) return check()
      const address = email.trim().toLowerCase()
      const pair = `login-failures:${ip}:${address}`
      const flood = `login-failures:${address}`
      await refuseAtLimit(counters, pair, limits.loginFailuresPerIpAndAddress, 'Too many wrong passwords. Please wait a few minutes and try again.')
      await slowDown(counters, flood, limits.loginSlowdown)
      const result = await check()
      if (result === null) {
        await counters.hit(pair, limits.loginFailuresPerIpAndAddress.windowMs)
        await counters.hit(flood, limits.loginSlowdown.windowMs)
      }
      return result
    },
  }
}
