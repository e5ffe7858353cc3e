import { Link } from 'react-router'
import type { Shop } from '@shop/domain/schemas/shop'
import { SocialLinks } from '../../../components/social-links'
import { WhatsAppChat } from '../../../components/whatsapp-chat'

/** docs/product.md §2 footer: the shop's links and socials, the provider's "create your shop" links, terms and privacy. */
export function ShopFooter({ shop, platform }: { shop: Shop; platform: { name: string; url: string } }) {
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <nav aria-label="Shop">
          <h2 className="footer-title">{shop.title}</h2>
          <ul>
            <li>
              <Link prefetch="intent" to="/products/">All products</Link>
            </li>
            <li>
              <Link prefetch="intent" to="/about">About us</Link>
            </li>
            <li>
              <Link prefetch="intent" to="/reviews">Reviews</Link>
            </li>
            <li>
              <Link to="/about#payments">Payments</Link>
            </li>
            <li>
              <Link to="/about#returns">Returns</Link>
            </li>
            <li>
              <Link to="/about#contact">Contact</Link>
            </li>
          </ul>
          <SocialLinks shop={shop} />
          <WhatsAppChat number={shop.whatsapp} />
        </nav>
        <nav aria-label={platform.name}>
          <h2 className="footer-title">Sell with {platform.name}</h2>
          <ul>
            <li>
              <a href={`${platform.url}/setup`}>Create your shop</a>
            </li>
            <li>
              <a href={platform.url}>About {platform.name}</a>
            </li>
            <li>
              <a href={`${platform.url}/terms`}>Terms</a>
            </li>
            <li>
              <a href={`${platform.url}/privacy`}>Privacy</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="footer-legal">
        © {year} {shop.title} · Powered by <a href={platform.url}>{platform.name}</a>
      </p>
    </footer>
  )
}
