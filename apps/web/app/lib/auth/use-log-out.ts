import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { logout } from './session'

/** docs/product.md §2 Log out: clears the session (the token is revoked) and goes to the storefront's home page. */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate()
  return useCallback(async () => {
    await logout()
    await navigate('/')
  }, [navigate])
}
