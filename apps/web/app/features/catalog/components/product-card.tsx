import { Link } from 'react-router'
import { cardOffer, productPath } from '@shop/domain'
import type { Product } from '@shop/domain/schemas/catalog'
import { type Picture, ProductImage } from '../../../components/product-image'
import { ProductPrice } from '../../../components/product-price'

export type ProductSummary = Pick<Product, '_id' | 'title' | 'price' | 'sellAt' | 'inStock'> & {
  image?: Picture & { alt: string }
  /** The price is the lowest of the variants' different prices (decision 95). */
  from?: true
}

/** What a list shows of a product; loaders send only this. Its price is the card's (`cardOffer`). */
export function toProductSummary(product: Product): ProductSummary {
  const { _id, title, inStock, images } = product
  const { price, sellAt, from } = cardOffer(product)
  return { _id, title, price, sellAt, inStock, ...(from ? { from } : {}), ...(images[0] ? { image: images[0] } : {}) }
}

type HeadingLevel = 2 | 3

export function ProductCard({
  product,
  priority = false,
  headingLevel = 3,
}: {
  product: ProductSummary
  priority?: boolean
  headingLevel?: HeadingLevel
}) {
  const Title = `h${headingLevel}` as const
  const onSale = product.sellAt > 0 && product.sellAt < product.price.value
  return (
    <article className="product-card">
      <ProductImage image={product.image} alt="" priority={priority} />
      <Title className="product-card-title">
        <Link prefetch="intent" to={productPath(product)}>{product.title}</Link>
      </Title>
      <ProductPrice price={product.price} sellAt={product.sellAt} from={product.from === true} />
      {(onSale || !product.inStock) && (
        <p className="product-tags">
          {onSale && <span className="tag tag-sale">Sale</span>}
          {!product.inStock && <span className="tag tag-out">Out of stock</span>}
        </p>
      )}
    </article>
  )
}

export function ProductGrid({
  products,
  priorityFirst = false,
  headingLevel = 3,
}: {
  products: ProductSummary[]
  /** The first card's picture is in the first paint (the page's largest): fetch it first, the rest lazily. */
  priorityFirst?: boolean
  /** The cards' heading level under the list's own heading. */
  headingLevel?: HeadingLevel
}) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} priority={priorityFirst && index === 0} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  )
}
