/**
 * Login and sign-up are limited per IP and per email (DESIGN §5), with @fastify/rate-limit's counters so
 * they live in Redis when it is configured. One preHandler checks both limits.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { TooManyRequests } from '../../lib/errors'

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''
}

export function loginLimits(app: FastifyInstance) {
  const perIp = app.createRateLimit({ max: 20, timeWindow: '1 minute', keyGenerator: (r) => `login-ip:${r.ip}` })
  const perEmail = app.createRateLimit({ max: 10, timeWindow: '10 minutes', keyGenerator: (r) => `login-email:${emailOf(r)}` })
  const exceeded = (result: Awaited<ReturnType<typeof perIp>>) => !result.isAllowed && result.isExceeded
  return async function limitLogins(request: FastifyRequest) {
    const byIp = await perIp(request)
    // Code exchanges carry no email; the per-IP limit covers them.
    const byEmail = emailOf(request) ? await perEmail(request) : null
    if (exceeded(byIp) || (byEmail && exceeded(byEmail))) throw TooManyRequests('Too many login attempts. Please wait a few minutes and try again.')
  }
}
