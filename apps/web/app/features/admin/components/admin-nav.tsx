import type { AdminTab } from '@shop/domain'
import { NavLink } from 'react-router'

/**
 * SPEC §2 admin navigation: a sidebar with the role's tabs and Go to site; below 768px the same links
 * form a top bar that scrolls sideways.
 */
export function AdminNav({ shopTitle, tabs }: { shopTitle: string; tabs: readonly AdminTab[] }) {
  return (
    <nav className="admin-nav" aria-label="Admin">
      <p className="admin-nav-shop">{shopTitle}</p>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.path}>
            <NavLink to={`/admin/${tab.path}`}>{tab.label}</NavLink>
          </li>
        ))}
        <li className="admin-nav-site">
          <a href="/">Go to site</a>
        </li>
      </ul>
    </nav>
  )
}
