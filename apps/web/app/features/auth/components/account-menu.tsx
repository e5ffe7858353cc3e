import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import { useLogOut } from '../../../lib/auth/use-log-out'

type Props = {
  user: User
  /** Staff of this shop see the Admin Dashboard entry (docs/product.md §2, §6). */
  staff?: boolean
  /** Shows the notification dot. */
  unread?: boolean
}

/**
 * docs/product.md §2 account dropdown ("Your account"): Profile, Admin Dashboard for staff, Log out, and a dot while
 * there are unread notifications. A disclosure, not an ARIA menu.
 */
export function AccountMenu({ user, staff = false, unread = false }: Props) {
  const [open, setOpen] = useState(false)
  const logOut = useLogOut()
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const displayName = user.name.trim() || user.email

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggle.current?.focus()
    }
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false)
    }
    const element = root.current
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    element?.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
      element?.removeEventListener('focusout', onFocusOut)
    }
  }, [open])

  async function onLogout() {
    setOpen(false)
    await logOut()
  }

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="account-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {displayName.charAt(0).toUpperCase()}
          {unread && <span className="dot" />}
        </span>
        <span className="visually-hidden">Your account: </span>
        <span className="account-name">{displayName}</span>
        {unread && <span className="visually-hidden"> (unread notifications)</span>}
      </button>
      <div id={panelId} className="account-panel" hidden={!open}>
        <p className="account-who">
          <strong>{user.name}</strong>
          <span>{user.email}</span>
        </p>
        <ul>
          <li>
            <Link to="/account" onClick={() => setOpen(false)}>
              Profile
            </Link>
          </li>
          {staff && (
            <li>
              <Link to="/admin/" onClick={() => setOpen(false)}>
                Admin Dashboard
              </Link>
            </li>
          )}
          <li>
            <button type="button" onClick={() => void onLogout()}>
              Log out
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}
