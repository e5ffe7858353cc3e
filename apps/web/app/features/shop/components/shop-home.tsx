import type { Shop } from '../../../types/api'

export function ShopHome({ shop }: { shop: Shop }) {
  const tagline = shop.tagline.trim()
  const about = shop.about.trim()
  return (
    <section className="hero" aria-labelledby="shop-title">
      <h1 id="shop-title">{shop.title}</h1>
      {tagline && <p className="hero-tagline">{tagline}</p>}
      {about && <p className="hero-about">{about}</p>}
    </section>
  )
}
