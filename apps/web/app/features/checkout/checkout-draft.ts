/**
 * What a shopper typed into the checkout, kept in this tab's sessionStorage (per shop) so that leaving the
 * checkout (back to a product, to another app) and coming back finds it as it was. It never leaves the
 * browser, and placing the order forgets it. Decision 88.
 */
import { useEffect, useRef } from 'react'
import type { PublicDiscountCode } from '@shop/domain/schemas/discount-code'
import type { DeliveryDraft } from '../../lib/delivery-details'

export type CheckoutDraft = {
  email: string
  name: string
  phone: string
  delivery: DeliveryDraft
  code: PublicDiscountCode | null
}

const PREFIX = 'checkout-draft:'
/** A draft is a few short fields: anything larger is not one of ours. */
const MOST_CHARACTERS = 8_000

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

const text = (value: unknown, most = 500) => (typeof value === 'string' ? value.slice(0, most) : '')

/** The draft kept for `shopId`, or null (none, unreadable, or not a draft). */
export function readCheckoutDraft(shopId: string): CheckoutDraft | null {
  let raw: string | null = null
  try {
    raw = session()?.getItem(PREFIX + shopId) ?? null
  } catch {
    return null
  }
  if (!raw || raw.length > MOST_CHARACTERS) return null
  try {
    const value = JSON.parse(raw) as Record<string, unknown>
    if (!value || typeof value !== 'object') return null
    const delivery = (value.delivery ?? {}) as Record<string, unknown>
    const code = value.code as PublicDiscountCode | null
    return {
      email: text(value.email),
      name: text(value.name),
      phone: text(value.phone),
      delivery: {
        type: delivery.type === 'dispatch' ? 'dispatch' : 'pick-up',
        region: text(delivery.region, 100),
        rate: text(delivery.rate, 100),
        address: text(delivery.address, 2_000),
      },
      code: code && typeof code === 'object' && typeof code.code === 'string' ? code : null,
    }
  } catch {
    return null
  }
}

export function writeCheckoutDraft(shopId: string, draft: CheckoutDraft): void {
  try {
    session()?.setItem(PREFIX + shopId, JSON.stringify(draft))
  } catch {
    // Full or disabled storage: the draft is simply not kept.
  }
}

export function clearCheckoutDraft(shopId: string): void {
  try {
    session()?.removeItem(PREFIX + shopId)
  } catch {
    // Nothing to forget.
  }
}

/**
 * Keeps the checkout form's fields: once hydrated, puts back what was kept (`restore`, once), then keeps
 * every change. Runs only in the browser, after the server's copy was hydrated, so both render alike.
 */
export function useKeptCheckoutDraft(shopId: string, hydrated: boolean, draft: CheckoutDraft, restore: (kept: CheckoutDraft) => void): void {
  const restored = useRef(false)
  const restoreRef = useRef(restore)
  useEffect(() => {
    restoreRef.current = restore
  })
  useEffect(() => {
    if (!hydrated || restored.current) return
    restored.current = true
    const kept = readCheckoutDraft(shopId)
    if (kept) restoreRef.current(kept)
  }, [hydrated, shopId])
  const serialized = JSON.stringify(draft)
  useEffect(() => {
    // The first pass restores: saving the empty form then would overwrite what was kept.
    if (!restored.current) return
    writeCheckoutDraft(shopId, JSON.parse(serialized) as CheckoutDraft)
  }, [shopId, serialized])
}
