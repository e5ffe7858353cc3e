import { Link } from 'react-router'
import { AddToCart } from '../features/cart/components/add-to-cart'
import { getProduct } from '../api/products/get-product'
import { ProductGallery } from '../features/catalog/components/product-gallery'
import { ShareButton } from '../features/catalog/components/share-button'
import { WhatsAppChat } from '../components/whatsapp-chat'
import { renderMarkdown } from '../features/catalog/markdown.server'
import { ProductPrice } from '../components/product-price'
import { variantLabel } from '../features/catalog/variant-label'
import { serverApi } from '../lib/api.server'
import { routeMeta } from '../lib/page-meta'
import { isMissing, notFound } from '../lib/route-errors'
import { shopCategories } from '../features/catalog/shop-categories'
import { ProductFreeDelivery } from '../features/promotions/components/product-free-delivery'
import type { Route } from './+types/product'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  const api = serverApi(context)
  const [product, categories] = await Promise.all([
    getProduct(api, params.id).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    }),
    shopCategories(api, context.shop._id),
  ])
  // Another shop's product does not exist on this shop's host.
  if (!product || product.shop !== context.shop._id || !product.available) notFound()
  const { _id, title, price, sellAt, images, variants, availability } = product
  return {
    product: { _id, title, price, sellAt, images, variants, availability },
    // Rendered here, so the Markdown parser never reaches the browser.
    descriptionHtml: product.description.trim() ? renderMarkdown(product.description) : '',
    url: new URL(`/products/${_id}`, request.url).toString(),
    whatsapp: context.shop.whatsapp,
    most: context.shop.shopperLineMax,
    categories: categories.filter((category) => product.categories.includes(category._id)),
  }
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args.loaderData?.product.title ?? 'Product', args, { image: args.loaderData?.product.images[0]?.url })

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, categories, descriptionHtml, url, whatsapp, most } = loaderData
  return (
    <article className="product-page" aria-labelledby="product-title">
      <ProductGallery images={product.images} title={product.title} />
      <div className="product-info">
        <h1 id="product-title">{product.title}</h1>
        <ProductPrice price={product.price} sellAt={product.sellAt} className="price-large" />
        <AddToCart productId={product._id} variants={product.variants} availability={product.availability} label={variantLabel} most={most} />
        <ProductFreeDelivery />
        <ShareButton title={product.title} url={url} />
        <WhatsAppChat number={whatsapp} about={`Hello, I have a question about ${product.title}: ${url}`} />
        {descriptionHtml && (
          <section aria-labelledby="description-title" className="product-description">
            <h2 id="description-title">Description</h2>
            {/* Safe HTML: markdown.server.ts escapes raw HTML and allows only plain links. */}
            <div className="markdown" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
          </section>
        )}
        {categories.length > 0 && (
          <p className="product-categories">
            In{' '}
            {categories.map((category, index) => (
              <span key={category._id}>
                {index > 0 && ', '}
                <Link prefetch="intent" to={`/products/?category=${category._id}`}>{category.name}</Link>
              </span>
            ))}
          </p>
        )}
      </div>
    </article>
  )
}
