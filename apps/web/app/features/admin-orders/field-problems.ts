/**
 * Problems by field path, as the page's action answers them (`items.1.count`, `delivery.region`), put
 * where a form shows them: beside the control a path is about, and the rest in the form's own message, so
 * no problem the action found goes unseen.
 */
import type { FieldErrors } from '../../lib/field-errors'

const isUnder = (path: string, field: string) => path === field || path.startsWith(`${field}.`)

/** The first problem of `field` or of a path inside it (`items.0` for `items.0.count`). */
export function problemAt(problems: FieldErrors, field: string): string | undefined {
  const path = Object.keys(problems).find((key) => isUnder(key, field))
  return path === undefined ? undefined : problems[path]
}

/** The problems no shown field is about: what the form's own message says. */
export function problemsElsewhere(problems: FieldErrors, shown: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(problems).filter(([path]) => !shown.some((field) => isUnder(path, field))))
}
