import { NavLink } from 'react-router'

const links = [
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/notifications', label: 'Notifications' },
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/checkouts', label: 'Shared Checkouts' },
]

/** docs/product.md §2 account sidebar; a row of links on narrow screens. */
export function AccountSidebar() {
  return (
    <nav className="account-sidebar" aria-label="Account">
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to}>{link.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
