import { useEffect, useState } from 'react'
import type { StaffRole, User } from '../../../types/api'
import { getRole } from '../api/get-role'

/**
 * The user's role in the shop, fetched per shop (SPEC §6); null for none, while logged out, and when the
 * lookup fails.
 */
export function useShopRole(shopId: string | null, user: User | null): StaffRole | null {
  const [role, setRole] = useState<{ key: string; role: StaffRole | null } | null>(null)
  const key = shopId && user ? `${shopId}/${user._id}` : null
  useEffect(() => {
    if (!key || !shopId) return
    let live = true
    getRole(shopId).then(
      (found) => live && setRole({ key, role: found }),
      () => live && setRole({ key, role: null }),
    )
    return () => {
      live = false
    }
  }, [key, shopId])
  return role && role.key === key ? role.role : null
}
