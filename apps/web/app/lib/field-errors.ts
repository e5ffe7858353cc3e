/**
 * Problems by field, as forms show them, and the API's refusals turned into them. Kept apart from the
 * schema check (form-errors.ts, which needs TypeBox) so the public pages, which only read the API's
 * answers, do not load the validator (docs/decisions/0092-public-pages-load-less.md).
 */
import { ApiError } from './api'

/** Field path (dot-separated) → the first message for it. */
export type FieldErrors = Record<string, string>

/**
 * The field messages in an API error (the Feathers `errors` list), keyed like `validate`'s; a message
 * without a field, or for a field the form does not show, goes under `form`.
 */
export function serverFieldErrors(error: unknown, fields?: readonly string[]): FieldErrors {
  if (!(error instanceof ApiError)) return { form: error instanceof Error ? error.message : 'Something went wrong' }
  const result: FieldErrors = {}
  for (const { path, message } of error.body?.errors ?? []) {
    const known = path && (!fields || fields.some((field) => path === field || path.startsWith(`${field}.`)))
    if (known) result[path] ??= capitalize(message)
    else result.form ??= error.body?.message ?? error.message
  }
  if (Object.keys(result).length === 0) result.form = error.body?.message ?? error.message
  return result
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0
}
