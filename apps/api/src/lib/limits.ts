/**
 * The abuse limits as checks (docs/security.md): a rule from the config, counters from the rate-limit
 * plugin, and the 429 a caller gets past it. Pure parts (`slowdownMs`) are unit-tested.
 *
 * Every check counts first and decides on the count it got back (docs/decisions/0054): the counters answer
 * each hit with its own place, atomically, so attempts that arrive together cannot all read a count under
 * the limit and all pass. A limit on failures only (a wrong password, a wrong code) counts the attempt
 * before it is checked and gives the place back when the attempt turns out right.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Counters, Rule, SlowdownRule } from './counters'
import { type FieldError, TooManyRequests } from './errors'

/** Counts one more for `key` and throws 429 when that goes past the rule's `max`. */
export async function takeOne(counters: Counters, key: string, rule: Rule, message: string, errors?: FieldError[]): Promise<void> {
  if ((await counters.hit(key, rule.windowMs)) > rule.max) throw TooManyRequests(message, errors)
}

/** A count taken before the attempt it stands for: `place` is its place in the window (0 when the counters are down). */
export type HeldCount = {
  readonly place: number
  /** Takes the count back (once), for an attempt that turned out not to count. */
  giveBack(): Promise<void>
}

function heldCount(counters: Counters, key: string, place: number): HeldCount {
  let returned = place === 0
  return {
    place,
    async giveBack() {
      if (returned) return
      returned = true
      await counters.giveBack(key)
    },
  }
}

/**
 * Counts an attempt for `key` before it is made, and refuses it (429) when its place is past the rule's
 * `max`; a refused attempt is given back at once. The caller gives back an attempt that turns out not to
 * count (a right password), so the limit is on failures while attempts in flight hold their places.
 */
export async function holdOne(counters: Counters, key: string, rule: Rule, message: string, errors?: FieldError[]): Promise<HeldCount> {
  const held = heldCount(counters, key, await counters.hit(key, rule.windowMs))
  if (held.place > rule.max) {
    await held.giveBack()
    throw TooManyRequests(message, errors)
  }
  return held
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

/**
 * Counts an attempt for `key` and waits as long as the attempts before it call for, those still being
 * checked included, so attempts sent together are slowed as much as attempts sent one after another
 * (`wait` stands in for tests). The caller gives the count back when the attempt turns out right.
 */
export async function slowDown(
  counters: Counters,
  key: string,
  rule: SlowdownRule,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<HeldCount> {
  const held = heldCount(counters, key, await counters.hit(key, rule.windowMs))
  const delay = slowdownMs(held.place - 1, rule)
  if (delay > 0) await wait(delay)
  return held
}

// Counts held for the rest of a request (see holdForRequest), by the request's service context.
const heldByRequest = new WeakMap<object, Map<string, HeldCount[]>>()

/**
 * Keeps `held` until the request `owner` (its service context) ends: `keepHeld` makes it count for good,
 * else `settleRequest` gives it back. For a limit on failures whose callers learn the outcome in many
 * places and only report failures (wrong discount codes on the lookup, checkouts and orders).
 */
export function holdForRequest(owner: object, key: string, held: HeldCount): void {
  const byKey = heldByRequest.get(owner) ?? new Map<string, HeldCount[]>()
  heldByRequest.set(owner, byKey)
  byKey.set(key, [...(byKey.get(key) ?? []), held])
}

/** Makes one count `owner` holds for `key` count for good; false when it held none. */
export function keepHeld(owner: object, key: string): boolean {
  const held = heldByRequest.get(owner)?.get(key)
  return held?.shift() !== undefined
}

/** Gives back every count the request `owner` still holds (run when its answer has been sent). */
export async function settleRequest(owner: object): Promise<void> {
  const byKey = heldByRequest.get(owner)
  if (!byKey) return
  heldByRequest.delete(owner)
  for (const held of byKey.values()) for (const count of held) await count.giveBack()
}
