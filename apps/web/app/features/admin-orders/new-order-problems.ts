/**
 * Where a refusal of a new order shows on the New order form. The page's action and the API name problems
 * by the path in the order they check (`items.0.count`, `delivery.address`, `adjustment.reason`); the form
 * has one message per part it shows (the items, the region, the manual discount…), so each path is put
 * beside the part it is about and anything else goes to the form's own message.
 */
import type { FieldErrors } from '../../lib/field-errors'

/** The parts of the New order form that show a message of their own. */
export type NewOrderField = 'lines' | 'source' | 'name' | 'phone' | 'email' | 'region' | 'rate' | 'address' | 'code' | 'discount' | 'paid' | 'note' | 'form'
export type NewOrderProblems = Partial<Record<NewOrderField, string>>

/** The paths of a placed order's body whose refusals the form shows beside a field (the rest under `form`). */
export const PLACE_ORDER_FIELDS = ['source', 'items', 'delivery', 'name', 'phone', 'discount', 'adjustment', 'note'] as const

const byPrefix: readonly [string, NewOrderField][] = [
  ['items', 'lines'],
  ['source', 'source'],
  ['delivery.region', 'region'],
  ['delivery.rate', 'rate'],
  ['delivery.address', 'address'],
  ['delivery.phone', 'phone'],
  ['name', 'name'],
  ['phone', 'phone'],
  ['email', 'email'],
  ['discount', 'code'],
  ['adjustment', 'discount'],
  ['paidNow', 'paid'],
  ['note', 'note'],
]

/** The form's field a problem's path belongs to: the path itself or one under it (`items` for `items.2.count`). */
function fieldOf(path: string): NewOrderField {
  const found = byPrefix.find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`))
  return found ? found[1] : 'form'
}

/** The problems of a refused `place-order`, by the form's field, the first message of each kept. */
export function newOrderProblems(errors: FieldErrors): NewOrderProblems {
  const problems: NewOrderProblems = {}
  for (const [path, message] of Object.entries(errors)) problems[fieldOf(path)] ??= message
  return problems
}
