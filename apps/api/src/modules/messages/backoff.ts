/**
 * When a failed message is tried again: 30 s after the first failure, doubling each time (32 minutes
 * after the seventh); after MAX_ATTEMPTS attempts, about an hour after the first, it has failed for good.
 */
export const MAX_ATTEMPTS = 8
const FIRST_DELAY_MS = 30_000

/** How long a claim lasts: a process that has not finished a message by then is taken to be gone. */
export const LEASE_MS = 5 * 60_000

/** The next attempt after `attempts` failed ones, or null when the message has had all its attempts. */
export function nextAttemptAt(now: Date, attempts: number): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null
  return new Date(now.getTime() + FIRST_DELAY_MS * 2 ** (attempts - 1))
}
