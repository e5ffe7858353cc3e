import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import type { Shop } from '@shop/domain/schemas/shop'
import { WithSources } from '../../../components/product-image'
import { SocialLinks } from '../../../components/social-links'
import { SearchForm } from './search-form'

const LOGO_HEIGHT = 40

/** The logo 40 px tall, from the narrowest of its widths that fills that at the screen's density. */
function ShopLogo({ logo, title }: { logo: NonNullable<Shop['logo']>; title: string }) {
  const width = logo.width && logo.height ? Math.round((LOGO_HEIGHT * logo.width) / logo.height) : LOGO_HEIGHT
  return (
    <WithSources variants={logo.variants} sizes={`${width}px`}>
      <img src={logo.thumbnail || logo.url} alt={title} className="brand-logo" width={width} height={LOGO_HEIGHT} />
    </WithSources>
  )
}

/**
 * Public pages' top bar (docs/product.md §2 layouts): promotional text, the logo or title, the search box, About us,
 * Reviews, the social links, Checkout (its badge comes with the `checkout` slot) and the account slot.
 */
export function ShopNavbar({ shop, checkout, account }: { shop: Shop; checkout: ReactNode; account: ReactNode }) {
  const promotion = shop.home.promotionalText.trim()
  return (
    <header className="site-header">
      {promotion && <p className="promo">{promotion}</p>}
      <nav className="navbar shop-navbar" aria-label="Main">
        <Link prefetch="intent" to="/" className="brand">
          {shop.logo ? (
            <ShopLogo logo={shop.logo} title={shop.title} />
          ) : (
            shop.title
          )}
        </Link>
        <SearchForm />
        <div className="nav-links">
          <ul className="nav-list">
            <li>
              <NavLink prefetch="intent" to="/about">About us</NavLink>
            </li>
            <li>
              <NavLink prefetch="intent" to="/reviews">Reviews</NavLink>
            </li>
          </ul>
          <SocialLinks shop={shop} />
        </div>
        <div className="navbar-end">
          {checkout}
          {account}
        </div>
      </nav>
    </header>
  )
}
