/**
 * HTML written by the server (the login page, the test pay page, the unknown-host page): every value put
 * into a page goes through `html`, which escapes it, so no page can forget to. Only fragments made by
 * `html` itself (and lists of them) go in as they are.
 */

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text made safe for an element's content and for a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char]!)
}

/** Markup built by `html`: inserted into another `html` template without escaping again. */
export class SafeHtml {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup
  }
}

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[]

function render(value: Value): string {
  if (value instanceof SafeHtml) return value.markup
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

/** A template whose interpolations are escaped (false, null and undefined write nothing). */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let markup = strings[0]!
  values.forEach((value, i) => {
    markup += render(value) + strings[i + 1]!
  })
  return new SafeHtml(markup)
}
