/**
 * The abuse limits as checks (docs/security.md): a rule from the config, counters from the rate-limit
 * plugin, and the 429 a caller gets past it. Pure parts (`slowdownMs`) are unit-tested.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Counters, Rule, SlowdownRule } from './counters'
import { type FieldError, TooManyRequests } from './errors'

/** Counts one more for `key` and throws 429 when that goes past the rule's `max`. */
export async function takeOne(counters: Counters, key: string, rule: Rule, message: string, errors?: FieldError[]): Promise<void> {
  if ((await counters.hit(key, rule.windowMs)) > rule.max) throw TooManyRequests(message, errors)
}

/** Throws 429 when `key` has reached its limit, without counting (for limits that count failures only). */
export async function refuseAtLimit(counters: Counters, key: string, rule: Rule, message: string, errors?: FieldError[]): Promise<void> {
  if ((await counters.count(key)) >= rule.max) throw TooManyRequests(message, errors)
}

/**
 * How long an attempt for an address waits after `failures` wrong passwords in the window: nothing up to
 * the rule's `max`, then `baseDelayMs` doubling with each further failure, never more than `maxDelayMs`.
 * A flood of wrong passwords slows the address down for everyone but never locks the right one out.
 */
export function slowdownMs(failures: number, rule: SlowdownRule): number {
  if (failures <= rule.max) return 0
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(failures - rule.max - 1, 30))
}

/** Waits before an attempt for `key` as long as its failures so far call for (`wait` stands in for tests). */
export async function slowDown(
  counters: Counters,
  key: string,
  rule: SlowdownRule,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<void> {
  const delay = slowdownMs(await counters.count(key), rule)
  if (delay > 0) await wait(delay)
}
