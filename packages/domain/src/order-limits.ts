/**
 * What keeps a stranger from holding a shop's stock (decision 52): the most of one item a shopper's
 * checkout or order may hold, how many pay-on-delivery orders one buyer may have waiting for the shop's
 * confirmation, and by when the shop confirms one before it is canceled. The API enforces them; the
 * storefront and the dashboard say them the same way.
 */

/** The positions of the lines that ask for more than `most` of their item. */
export function linesOverMost(items: readonly { count: number }[], most: number): number[] {
  return items.flatMap((item, i) => (item.count > most ? [i] : []))
}

/** What a pay-on-delivery order's buyer is known by, each counted on its own. */
export type BuyerKey = 'phone' | 'email' | 'address'

/** The first of the buyer's phone, e-mail and address that already has `cap` orders waiting, or null. */
export function buyerKeyAtCap(waiting: Partial<Record<BuyerKey, number>>, cap: number): BuyerKey | null {
  return (['phone', 'email', 'address'] as const).find((key) => (waiting[key] ?? 0) >= cap) ?? null
}

const HOUR = 60 * 60 * 1000

/** When a pay-on-delivery order placed at `placedAt` is canceled unless the shop confirms it before. */
export function confirmDeadline(placedAt: Date, hours: number): Date {
  return new Date(placedAt.getTime() + hours * HOUR)
}

/** "1 hour", "36 hours", "2 days": whole days from two days up, else hours. */
export function hoursWords(hours: number): string {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`
  return `${hours} hour${hours === 1 ? '' : 's'}`
}
