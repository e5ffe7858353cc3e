import { createContext, useContext } from 'react'
import type { StaffRole } from '@shop/domain'
import type { User } from '@shop/domain/schemas/auth'
import type { Shop } from '@shop/domain/schemas/shop'

/** Who is running which shop: set by the admin layout once the role lookup has answered. */
export type AdminContext = { shop: Shop; role: StaffRole; user: User }

export const AdminContextValue = createContext<AdminContext | null>(null)

/** The shop, the caller's role in it and the user, on any admin page. */
export function useAdmin(): AdminContext {
  const admin = useContext(AdminContextValue)
  if (!admin) throw new Error('useAdmin is for pages inside the admin layout')
  return admin
}
