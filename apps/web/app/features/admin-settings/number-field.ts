/**
 * A number input's text as a request value: a number is that number; anything else, empty included,
 * stays text so validation with the request schema says "Enter a number".
 */
export function numberField(text: string): number | string {
  const trimmed = text.trim()
  const value = Number(trimmed)
  return trimmed !== '' && Number.isFinite(value) ? value : trimmed
}

/** The first message at `path` or under it (`regions.3`), for a field that stands for a whole list or object. */
export function errorUnder(errors: Record<string, string>, path: string): string | undefined {
  if (errors[path]) return errors[path]
  const key = Object.keys(errors).find((name) => name.startsWith(`${path}.`))
  return key ? errors[key] : undefined
}
