import { useEffect, useState } from 'react'
import type { StaffRole } from '@shop/domain'
import type { User } from '@shop/domain/schemas/auth'
import { getRole } from '../../api/staff/get-role'
import { api } from '../api'

export type RoleLookup = { role: StaffRole | null; loading: boolean }

/**
 * The user's role in the shop, fetched per shop (docs/product.md §6), and whether the answer is still on its way;
 * null for none, while logged out, and when the lookup fails.
 */
export function useShopRoleLookup(shopId: string | null, user: User | null): RoleLookup {
  const [answer, setAnswer] = useState<{ key: string; role: StaffRole | null } | null>(null)
  const key = shopId && user ? `${shopId}/${user._id}` : null
  useEffect(() => {
    if (!key || !shopId) return
    let live = true
    getRole(api, shopId).then(
      (found) => live && setAnswer({ key, role: found }),
      () => live && setAnswer({ key, role: null }),
    )
    return () => {
      live = false
    }
  }, [key, shopId])
  if (!key) return { role: null, loading: false }
  return answer && answer.key === key ? { role: answer.role, loading: false } : { role: null, loading: true }
}

/** The user's role in the shop, or null (also while the lookup is on its way). */
export function useShopRole(shopId: string | null, user: User | null): StaffRole | null {
  return useShopRoleLookup(shopId, user).role
}
