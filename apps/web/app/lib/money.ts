/**
 * Money for people (DESIGN §12): Intl.NumberFormat in the amount's own currency, shown with its code
 * ("GHS 1,234.50", SPEC §9). One fixed locale, so the server's HTML and the browser's render agree.
 */
const LOCALE = 'en-GH'
const formatters = new Map<string, Intl.NumberFormat>()

function formatter(currency: string): Intl.NumberFormat {
  let format = formatters.get(currency)
  if (!format) {
    try {
      format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, currencyDisplay: 'code' })
    } catch {
      // Not an ISO 4217 code: show the number with two decimals and the code as given.
      const plain = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      format = { format: (value: number) => `${currency} ${plain.format(value)}` } as Intl.NumberFormat
    }
    formatters.set(currency, format)
  }
  return format
}

/** `value` in major units. */
export function formatMoney(value: number, currency: string): string {
  return formatter(currency).format(value)
}
