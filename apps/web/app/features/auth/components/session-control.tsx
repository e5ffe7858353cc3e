import { useSessionUser } from '../../../lib/auth/session'
import { AccountMenu } from './account-menu'
import { LoginButton } from './login-button'

/** The navbar's end: the account menu when logged in, else the Log in button. */
export function SessionControl({ staff = false, unread = false }: { staff?: boolean; unread?: boolean }) {
  const user = useSessionUser()
  return user ? <AccountMenu user={user} staff={staff} unread={unread} /> : <LoginButton />
}
