import { useState } from 'react'
import type { User } from '@shop/domain/schemas/auth'

/**
 * The buyer's name and phone as typed, prefilled from a signed-in buyer's profile (they may change them for
 * this order); spread into `ContactFields`. The buyer is known only in the browser, after the server
 * rendered the form: their profile then fills the fields still empty, without mounting the form again.
 */
export function useContactDraft(user: User | null, initial?: { name: string; phone: string }) {
  // `initial`: what the buyer posted before the page's scripts ran (decision 90).
  const [contact, setContact] = useState({ name: initial?.name ?? user?.name ?? '', phone: initial?.phone ?? user?.phone ?? '' })
  const [prefilledFor, setPrefilledFor] = useState(user?._id ?? null)
  if (user && user._id !== prefilledFor) {
    setPrefilledFor(user._id)
    setContact((current) => ({ name: current.name || user.name, phone: current.phone || user.phone }))
  }
  const onChange = (change: { name?: string; phone?: string }) => setContact((current) => ({ ...current, ...change }))
  return { ...contact, onChange }
}
