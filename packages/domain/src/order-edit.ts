/**
 * What an edit of a placed order changes (decision 60): the stock it moves, line by line, and the note its
 * timeline keeps of the order before and after. Lines are keyed by product and variant, as an order keeps
 * each pair once.
 */
import { formatMoney, isMajorAmount, toMajor, toMinor } from './money'

export type EditedLine = { product: string; variant: string | null; count: number }
/** A line of the order as stored: `stockTaken` false when it had no tracked stock when it was placed. */
export type HeldLine = EditedLine & { stockTaken: boolean }

/** Units of one product and variant an edit takes (`count` > 0) or gives back (`count` < 0). */
export type StockMove = EditedLine

const lineKey = (line: { product: string; variant: string | null }) => `${line.product}/${line.variant ?? ''}`

/**
 * The stock an edit moves: a new line takes its units, a removed line gives back what it took, a changed
 * count moves the difference. A line that took no stock when it was placed moves none (it has no tracked
 * row, or had none then), so nothing is ever given back that was not taken. In the order of `after`, then
 * the removed lines.
 */
export function stockMoves(before: readonly HeldLine[], after: readonly EditedLine[]): StockMove[] {
  const held = new Map(before.map((line) => [lineKey(line), line]))
  const moves: StockMove[] = []
  for (const line of after) {
    const old = held.get(lineKey(line))
    held.delete(lineKey(line))
    if (!old) moves.push({ ...line })
    else if (old.stockTaken && line.count !== old.count) moves.push({ ...line, count: line.count - old.count })
  }
  for (const old of held.values()) if (old.stockTaken) moves.push({ product: old.product, variant: old.variant, count: -old.count })
  return moves
}

/** An order as its edit note shows it. */
export type EditView = {
  lines: readonly { product: string; variant: string | null; title: string; features: string; count: number }[]
  /** "Pick-up", or "Dispatch: Greater Accra, Express". */
  delivery: string
  discount: string | null
  totalInclTaxMinor: number
}

const lineText = (line: EditView['lines'][number]) => `${line.title}${line.features ? ` (${line.features})` : ''} × ${line.count}`

/**
 * The timeline's note of an edit: each line added, removed or changed, the delivery and discount if they
 * changed, and the total before and after. Only what changed is named; the total always is.
 */
export function orderEditNote(before: EditView, after: EditView, currency: string): string {
  const money = (minor: number) => formatMoney(toMajor(minor), currency)
  const parts: string[] = []
  const old = new Map(before.lines.map((line) => [lineKey(line), line]))
  for (const line of after.lines) {
    const was = old.get(lineKey(line))
    old.delete(lineKey(line))
    if (!was) parts.push(`Added ${lineText(line)}`)
    else if (was.count !== line.count) parts.push(`${was.title}${line.features ? ` (${line.features})` : ''}: ${was.count} → ${line.count}`)
  }
  for (const line of old.values()) parts.push(`Removed ${lineText(line)}`)
  if (before.delivery !== after.delivery) parts.push(`Delivery: ${before.delivery} → ${after.delivery}`)
  if (before.discount !== after.discount) parts.push(`Discount: ${before.discount ?? 'none'} → ${after.discount ?? 'none'}`)
  parts.push(`Total: ${money(before.totalInclTaxMinor)} → ${money(after.totalInclTaxMinor)}`)
  return `Order changed. ${parts.join('. ')}.`
}

/**
 * Why a manual discount of `amount` (major units) cannot be given to an order whose items come to
 * `subtotalMinor` less the code's `codeDiscountMinor`, as the message of a 400 on `adjustment.amount`; null
 * when it can. An edit and staff entering an order both hold it to this.
 */
export function manualDiscountProblem(amount: number, subtotalMinor: number, codeDiscountMinor: number, currency: string): string | null {
  if (!isMajorAmount(amount)) return 'must have at most two decimals'
  const most = Math.max(0, subtotalMinor - codeDiscountMinor)
  if (toMinor(amount) <= most) return null
  return `is more than the items come to${codeDiscountMinor ? " after the code's discount" : ''} (${formatMoney(toMajor(most), currency)})`
}
