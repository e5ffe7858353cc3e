import { useState } from 'react'
import { useLogOut } from '../../../lib/auth/use-log-out'
import type { User } from '@shop/domain/schemas/auth'

/**
 * Who is signed in to the dashboard, and Log out (docs/product.md §2: clears the session and goes to /), the same
 * log out as the storefront's account menu. Above the page on phones, beside it on wide screens.
 */
export function AdminAccount({ user }: { user: User }) {
  const logOut = useLogOut()
  const [leaving, setLeaving] = useState(false)
  return (
    <header className="admin-account">
      <p className="admin-account-who">
        Logged in as <strong>{user.email}</strong>
      </p>
      <button
        type="button"
        className="button button-secondary admin-account-out"
        disabled={leaving}
        onClick={() => {
          setLeaving(true)
          void logOut()
        }}
      >
        Log out
      </button>
    </header>
  )
}
