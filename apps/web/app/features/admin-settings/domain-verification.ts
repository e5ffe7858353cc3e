/** What the Domains section says about each custom domain: its status and the outcome of its last check. */
import type { ShopDomain } from '@shop/domain/schemas/shop'

/** A domain in the list is saved (pending or verified) or only typed in, not yet saved. */
export type DomainStatus = ShopDomain['status'] | 'unsaved'

export const domainStatusLabels: Record<DomainStatus, string> = {
  verified: 'Verified',
  pending: 'Pending',
  unsaved: 'Not saved yet',
}

export function savedDomain(saved: readonly ShopDomain[], domain: string): ShopDomain | undefined {
  return saved.find((item) => item.domain === domain)
}

export function domainStatus(detail: ShopDomain | undefined): DomainStatus {
  return detail?.status ?? 'unsaved'
}

type FormatTime = (iso: string) => string

/** One sentence about where the domain stands, or null before its first check. */
export function checkSummary(detail: ShopDomain, formatTime: FormatTime): string | null {
  if (detail.status === 'verified') {
    return `Verified${detail.verifiedAt ? ` ${formatTime(detail.verifiedAt)}` : ''}: this domain shows your shop.`
  }
  if (!detail.checkedAt) return null
  const when = formatTime(detail.checkedAt)
  return detail.checkError ? `Not verified yet (checked ${when}). ${detail.checkError}` : `Not verified yet (checked ${when}).`
}
