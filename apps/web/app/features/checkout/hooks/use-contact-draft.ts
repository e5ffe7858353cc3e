import { useState } from 'react'
import type { User } from '@shop/domain/schemas/auth'

/**
 * The buyer's name and phone as typed, prefilled from a signed-in buyer's profile (they may change them for
 * this order); spread into `ContactFields`.
 */
export function useContactDraft(user: User | null) {
  const [contact, setContact] = useState({ name: user?.name ?? '', phone: user?.phone ?? '' })
  const onChange = (change: { name?: string; phone?: string }) => setContact((current) => ({ ...current, ...change }))
  return { ...contact, onChange }
}
