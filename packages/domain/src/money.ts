/** Money travels as major units (≤ 2 decimals) and is computed in integer minor units. */
export function toMinor(major: number): number {
  return Math.round(major * 100)
}

export function toMajor(minor: number): number {
  return minor / 100
}

/** True when a major-unit amount is finite, not negative and has at most two decimals. */
export function isMajorAmount(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
}

const MONEY_LOCALE = 'en-GH'
const formatters = new Map<string, Intl.NumberFormat>()

function formatter(currency: string): Intl.NumberFormat {
  let format = formatters.get(currency)
  if (!format) {
    try {
      format = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency, currencyDisplay: 'code' })
    } catch {
      // Not an ISO 4217 code: show the number with two decimals and the code as given.
      const plain = new Intl.NumberFormat(MONEY_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      format = { format: (value: number) => `${currency} ${plain.format(value)}` } as Intl.NumberFormat
    }
    formatters.set(currency, format)
  }
  return format
}

/**
 * Money for people (docs/architecture.md §12): Intl.NumberFormat in the amount's own currency, shown with its code
 * ("GHS 1,234.50", docs/product.md §9); `value` in major units. One fixed locale, so the server's HTML, the browser's
 * render and the e-mails agree.
 */
export function formatMoney(value: number, currency: string): string {
  return formatter(currency).format(value)
}

/** `formatMoney` of an amount in integer minor units, as the API and its messages keep money. */
export function formatMinor(minor: number, currency: string): string {
  return formatMoney(toMajor(minor), currency)
}

/**
 * An amount taken off (a discount): "−GHS 10.00" with a minus sign and no-break spaces, so a narrow column
 * never leaves the sign alone on a line. Zero has no sign.
 */
export function formatMoneyOff(value: number, currency: string): string {
  const amount = formatMoney(value, currency).replace(/ /g, '\u00a0')
  return value > 0 ? `\u2212\u00a0${amount}` : amount
}
