import type { ReactNode } from 'react'
import { Link } from 'react-router'

export function PlatformHeader({ name, account }: { name: string; account: ReactNode }) {
  return (
    <header className="site-header">
      <nav className="navbar" aria-label="Main">
        <Link to="/" className="brand">
          {name}
        </Link>
        <div className="navbar-end">{account}</div>
      </nav>
    </header>
  )
}
