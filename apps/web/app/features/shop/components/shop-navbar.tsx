import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Shop } from '../../../types/api'

/** Public pages' top bar (SPEC §2 layouts): promotional text, the shop's logo or title, the account slot. */
export function ShopNavbar({ shop, account }: { shop: Shop; account: ReactNode }) {
  const promotion = shop.home.promotionalText.trim()
  return (
    <header className="site-header">
      {promotion && <p className="promo">{promotion}</p>}
      <nav className="navbar" aria-label="Main">
        <Link to="/" className="brand">
          {shop.logo ? (
            <img src={shop.logo.thumbnail || shop.logo.url} alt={shop.title} className="brand-logo" height={40} />
          ) : (
            shop.title
          )}
        </Link>
        <div className="navbar-end">{account}</div>
      </nav>
    </header>
  )
}
