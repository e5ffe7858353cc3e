/** How the dashboard shows a code's terms (docs/product.md §9: fixed amounts in the shop's currency, GHS). */
import type { DiscountCode } from '@shop/domain/schemas/discount-code'
import { formatMoney } from '../../lib/money'

/** "10 %" or "GHS 20.00". */
export function discountValueLabel(code: Pick<DiscountCode, 'type' | 'value'>, currency: string): string {
  return code.type === 'percentage' ? `${code.value} %` : formatMoney(code.value, currency)
}

export function minSubtotalLabel(minSubtotal: number, currency: string): string {
  return minSubtotal > 0 ? formatMoney(minSubtotal, currency) : 'None'
}

/** "3 / 10", or "3 / no limit". */
export function usageLabel(code: Pick<DiscountCode, 'usedCount' | 'usageLimit'>): string {
  return `${code.usedCount} / ${code.usageLimit ?? 'no limit'}`
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/** A code's last day as the table shows it: "15 Jun 2031", or "No end date" for one that never expires. */
export function lastDayLabel(expiresOn: string | null): string {
  return expiresOn === null ? 'No end date' : dayLabel(expiresOn)
}

/** 'YYYY-MM-DD' → "15 Jun 2031": the calendar day as chosen, whatever the viewer's time zone. */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  return dayFormat.format(new Date(Date.UTC(year!, month! - 1, date!)))
}

export type CodeState = 'Active' | 'Inactive' | 'Expired' | 'Used up'

/** Whether shoppers can use the code now, and if not, why. */
export function codeState(code: Pick<DiscountCode, 'active' | 'expiresAt' | 'usedCount' | 'usageLimit'>, now = new Date()): CodeState {
  if (!code.active) return 'Inactive'
  if (code.expiresAt !== null && new Date(code.expiresAt).getTime() <= now.getTime()) return 'Expired'
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return 'Used up'
  return 'Active'
}
