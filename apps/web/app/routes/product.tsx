import { Link } from 'react-router'
import { AddToCart } from '../features/cart/components/add-to-cart'
import { addToCartAction } from '../lib/cart/add-to-cart-form.server'
import { getProduct } from '../api/products/get-product'
import { ChosenVariantProvider, VariantGallery, VariantPrice } from '../components/chosen-variant'
import { ShareButton } from '../features/catalog/components/share-button'
import { BackInStock } from '../features/stock-alerts/components/back-in-stock'
import { WhatsAppChat } from '../components/whatsapp-chat'
import { renderMarkdown } from '../features/catalog/markdown.server'
import { variantLabel } from '../lib/variant-label'
import { serverApi } from '../lib/api.server'
import { routeMeta } from '../lib/page-meta'
import { isMissing, notFound } from '../lib/route-errors'
import { shopCategories } from '../features/catalog/shop-categories'
import { latestProductReviews } from '../features/reviews/product-reviews'
import { ProductRatingLink, ProductReviews } from '../features/reviews/components/product-reviews'
import { assertCanonicalProductUrl, productIdFromParam, productSeo } from '../features/seo/product-seo.server'
import { ProductFreeDelivery } from '../features/promotions/components/product-free-delivery'
import { livePromotions } from '../features/promotions/live-promotions.server'
import type { ScriptsHandle } from '../lib/scripts-after-load'
import type { Route } from './+types/product'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  const api = serverApi(context)
  const id = productIdFromParam(params.id)
  if (!id) notFound()
  const [product, categories, reviews, promotions] = await Promise.all([
    getProduct(api, id).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    }),
    shopCategories(api, context.shop._id),
    // The shop's own reviews of this id: none when the id is another shop's product.
    latestProductReviews(api, context.shop._id, id),
    livePromotions(api, context.shop._id),
  ])
  // Another shop's product does not exist on this shop's host.
  if (!product || product.shop !== context.shop._id || !product.available) notFound()
  assertCanonicalProductUrl(request, params.id, product)
  const seo = productSeo(product, context.shop, new URL(request.url).origin)
  const { _id, title, price, sellAt, images, variants, availability } = product
  return {
    product: { _id, title, price, sellAt, images, variants, availability },
    // Rendered here, so the Markdown parser never reaches the browser.
    descriptionHtml: product.description.trim() ? renderMarkdown(product.description) : '',
    url: new URL(seo.canonical, request.url).toString(),
    seo,
    whatsapp: context.shop.whatsapp,
    most: context.shop.shopperLineMax,
    categories: categories.filter((category) => product.categories.includes(category._id)),
    reviews,
    promotions,
  }
}

/** "Add to cart" posted as a plain form, before the page's scripts run (decision 87). */
export const action = (args: Route.ActionArgs) => addToCartAction(args)

/** Read and used without scripts: they start at the first touch (decision 113). */
export const handle: ScriptsHandle = { scriptsAtFirstTouch: true }

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args.loaderData?.product.title ?? 'Product', args, { image: args.loaderData?.product.images[0]?.url, ...args.loaderData?.seo })

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, categories, descriptionHtml, url, whatsapp, most, reviews, promotions } = loaderData
  return (
    <ChosenVariantProvider variants={product.variants}>
      <article className="product-page" aria-labelledby="product-title">
        <VariantGallery product={product} title={product.title} />
        <div className="product-info">
          <h1 id="product-title">{product.title}</h1>
          <VariantPrice product={product} className="price-large" />
          <ProductRatingLink page={reviews} />
          <AddToCart productId={product._id} variants={product.variants} availability={product.availability} label={variantLabel} most={most} />
          <ProductFreeDelivery initial={promotions} />
          <BackInStock productId={product._id} variants={product.variants} availability={product.availability} />
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
          <ProductReviews productId={product._id} page={reviews} />
        </div>
      </article>
    </ChosenVariantProvider>
  )
}
