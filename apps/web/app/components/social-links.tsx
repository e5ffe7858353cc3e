import type { Shop } from '@shop/domain/schemas/shop'
import { SocialIcon, socialNames } from './social-icon'

/** The shop's facebook, instagram and twitter links (docs/product.md §2), in that order. */
export function SocialLinks({ shop, className }: { shop: Shop; className?: string }) {
  const order = ['facebook', 'instagram', 'twitter'] as const
  const links = order.flatMap((site) => shop.socials.filter((social) => social.site === site).slice(0, 1))
  if (links.length === 0) return null
  return (
    <ul className={['social-links', className].filter(Boolean).join(' ')}>
      {links.map((social) => (
        <li key={social.site}>
          <a href={social.url} rel="noopener noreferrer" target="_blank" aria-label={`${shop.title} on ${socialNames[social.site]}`}>
            <SocialIcon site={social.site} />
          </a>
        </li>
      ))}
    </ul>
  )
}
