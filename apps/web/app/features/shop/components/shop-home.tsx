import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Category } from '@shop/domain/schemas/catalog'
import type { Shop } from '@shop/domain/schemas/shop'

/** The shop's home: who they are, the promotion, the categories and the newest products (`newest`). */
export function ShopHome({ shop, categories, newest }: { shop: Shop; categories: Pick<Category, '_id' | 'name'>[]; newest: ReactNode }) {
  const tagline = shop.tagline.trim()
  const promotion = shop.home.promotionalText.trim()
  return (
    <>
      <section className="hero" aria-labelledby="shop-title">
        <h1 id="shop-title">{shop.title}</h1>
        {tagline && <p className="hero-tagline">{tagline}</p>}
        {promotion && <p className="hero-promo">{promotion}</p>}
        <p>
          <Link prefetch="intent" to="/products/" className="button button-primary">
            Shop all products
          </Link>
        </p>
      </section>
      {categories.length > 0 && (
        <section className="home-section" aria-labelledby="categories-title">
          <h2 id="categories-title">Categories</h2>
          <ul className="category-list">
            {categories.map((category) => (
              <li key={category._id}>
                <Link prefetch="intent" to={`/products/?category=${category._id}`}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="home-section" aria-labelledby="newest-title">
        <div className="section-head">
          <h2 id="newest-title">New in</h2>
          <Link prefetch="intent" to="/products/">See all</Link>
        </div>
        {newest}
      </section>
    </>
  )
}
