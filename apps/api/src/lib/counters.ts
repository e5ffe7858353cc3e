/**
 * Fixed-window counters by key, for the abuse limits (docs/security.md): in Redis when REDIS_URL is set,
 * so every process counts together, else in this process's memory. A key's window starts with its first
 * hit and lasts `windowMs`; the count then starts again from zero.
 *
 * The limits fail open: when Redis cannot be reached a hit counts as nothing and a warning is logged, so
 * an outage of the counter store never stops shoppers from ordering or signing in.
 */
import type { Redis } from 'ioredis'

export interface Counters {
  /** Adds one to `key` in its current window and answers the new count: the hit's place, atomically. */
  hit(key: string, windowMs: number): Promise<number>
  /** Takes one hit of `key` back, never below zero; nothing once its window has ended. */
  giveBack(key: string): Promise<void>
  /** The count of `key` in its current window (0 when none). */
  count(key: string): Promise<number>
}

/** A limit as configured: at most `max` in `windowMs`. */
export type Rule = { max: number; windowMs: number }

/** Past `max` failures in the window, each attempt waits: `baseDelayMs` doubling up to `maxDelayMs`. */
export type SlowdownRule = Rule & { baseDelayMs: number; maxDelayMs: number }

export function memoryCounters(now: () => number = Date.now): Counters {
  const windows = new Map<string, { count: number; endsAt: number }>()
  let nextSweep = 0
  const live = (key: string) => {
    const time = now()
    if (time >= nextSweep) {
      // Forget ended windows now and then, so the map holds only what is still counting.
      for (const [name, window] of windows) if (window.endsAt <= time) windows.delete(name)
      nextSweep = time + 60_000
    }
    const window = windows.get(key)
    return window && window.endsAt > time ? window : null
  }
  return {
    async hit(key, windowMs) {
      const window = live(key)
      if (window) return ++window.count
      windows.set(key, { count: 1, endsAt: now() + windowMs })
      return 1
    },
    async giveBack(key) {
      const window = live(key)
      if (window && window.count > 0) window.count--
    },
    async count(key) {
      return live(key)?.count ?? 0
    },
  }
}

// INCR, and start the window on the first hit: one round trip, atomic for every process.
const HIT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`

// DECR only a live key above zero: an ended window stays ended, and no count goes negative.
const GIVE_BACK = `local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`

export function redisCounters(redis: Redis, prefix: string, warn: (error: Error) => void): Counters {
  return {
    async hit(key, windowMs) {
      try {
        return Number(await redis.eval(HIT, 1, prefix + key, String(windowMs)))
      } catch (error) {
        warn(error as Error)
        return 0
      }
    },
    async giveBack(key) {
      try {
        await redis.eval(GIVE_BACK, 1, prefix + key)
      } catch (error) {
        warn(error as Error)
      }
    },
    async count(key) {
      try {
        return Number((await redis.get(prefix + key)) ?? 0)
      } catch (error) {
        warn(error as Error)
        return 0
      }
    },
  }
}
