import { describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS, nextAttemptAt } from './backoff'

describe('nextAttemptAt', () => {
  const now = new Date('2026-05-02T10:00:00Z')
  const delay = (attempts: number) => (nextAttemptAt(now, attempts)?.getTime() ?? NaN) - now.getTime()

  it('waits 30 seconds after the first failure and doubles the wait after each one', () => {
    expect([1, 2, 3, 4, 5].map(delay)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000])
  })

  it('spreads all the attempts over about an hour', () => {
    const waits = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => delay(i + 1))
    expect(waits.reduce((a, b) => a + b, 0)).toBe(63.5 * 60_000)
  })

  it('gives up after the last attempt', () => {
    expect(nextAttemptAt(now, MAX_ATTEMPTS)).toBeNull()
    expect(nextAttemptAt(now, MAX_ATTEMPTS - 1)).not.toBeNull()
  })
})
