import { useRouteLoaderData } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import { useSessionUser } from '../../../lib/auth/session'

/** The logged-in user on an account page (the account layout's guard has made sure there is one). */
export function useAccountUser(): User {
  const loaded = useRouteLoaderData('routes/account-layout') as { user: User } | undefined
  const stored = useSessionUser()
  const user = stored ?? loaded?.user
  if (!user) throw new Error('Account pages render only for a logged-in user')
  return user
}
