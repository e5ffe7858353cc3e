/**
 * "Add to cart" before the page's scripts run (decision 87): the product page's form posts here as a plain
 * form, and the answer stores the line in the cart's cookie copy (cart-cookie.ts); the browser adopts it
 * into localStorage when its scripts start. Once they run, the form is handled in the page and never posts.
 */
import { type Availability, productIdOf } from '@shop/domain'
import type { Product } from '@shop/domain/schemas/catalog'
import { type AppLoadContext, data } from 'react-router'
import { getProduct } from '../../api/products/get-product'
import { serverApi } from '../api.server'
import { isMissing } from '../route-errors'
import { addItem, hasItem, lineCap, MAX_LINES } from './cart'
import { CART_COOKIE, type CookieCart, cartSetCookie, cookieValue, decodeCartCookie } from './cart-cookie'

export type AddToCartAnswer =
  | { cart: 'added' | 'already' | 'full'; count: number; variant: string | null }
  | { problem: string; field?: 'variant' | 'count' | 'intent' }

type Offered = Pick<Product, '_id' | 'variants' | 'availability'>

/**
 * The rule, without HTTP: what `form` asks of `product`, applied to the cart in the cookie. Answers the
 * status, the answer and the cart to store (none when nothing changes).
 */
export function addFromForm(
  form: URLSearchParams | FormData,
  product: Offered,
  cookie: CookieCart | null,
  limits: { most: number; now: number },
): { status: number; answer: AddToCartAnswer; cart?: CookieCart } {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : null
  }
  if (text('intent') !== 'add') return { status: 400, answer: { problem: 'This form only adds to the cart.', field: 'intent' } }

  const variantId = text('variant') || null
  let availability: Availability = product.availability
  if (product.variants.length > 0) {
    const variant = product.variants.find((option) => option._id === variantId)
    if (!variant) return { status: 400, answer: { problem: 'Choose an option first.', field: 'variant' } }
    availability = variant.availability
  } else if (variantId !== null) {
    return { status: 400, answer: { problem: 'This product has no options to choose.', field: 'variant' } }
  }

  const rawCount = text('count') ?? '1'
  const count = /^\d{1,4}$/.test(rawCount.trim()) ? Number(rawCount.trim()) : Number.NaN
  const cap = lineCap(availability, { most: limits.most })
  if (availability.level === 'sold-out' || cap < 1) return { status: 409, answer: { problem: 'This is sold out.', field: 'variant' } }
  if (!Number.isInteger(count) || count < 1) return { status: 400, answer: { problem: 'Enter how many, 1 or more.', field: 'count' } }
  if (count > cap) return { status: 400, answer: { problem: `You can add at most ${cap} of this.`, field: 'count' } }

  const items = cookie?.items ?? []
  if (hasItem(items, product._id, variantId)) return { status: 200, answer: { cart: 'already', count, variant: variantId } }
  if (items.length >= MAX_LINES) return { status: 200, answer: { cart: 'full', count, variant: variantId } }
  const next = { changed: Math.max(limits.now, (cookie?.changed ?? 0) + 1), items: addItem(items, product._id, variantId, count) }
  return { status: 200, answer: { cart: 'added', count, variant: variantId }, cart: next }
}

/** Whether a form post comes from this host's own pages (a cross-site form may not fill a shopper's cart). */
export function sameSite(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false
  const origin = request.headers.get('origin')
  if (!origin || origin === 'null') return !fetchSite || fetchSite === 'same-origin' || fetchSite === 'none'
  try {
    return new URL(origin).host === new URL(request.url).host
  } catch {
    return false
  }
}

/** The product route's action: the form's post when the page's scripts have not run. */
export async function addToCartAction({ request, context, params }: { request: Request; context: AppLoadContext; params: { id?: string } }) {
  if (!context.shop) throw data({ problem: 'There is no shop here.' } satisfies AddToCartAnswer, { status: 404 })
  if (!sameSite(request)) return data({ problem: 'Add to the cart from the shop’s own page.' } satisfies AddToCartAnswer, { status: 403 })
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return data({ problem: 'The form could not be read.' } satisfies AddToCartAnswer, { status: 400 })
  }
  // The page's address is `{id}-{slug}` (or an older one): the id is at its start.
  const id = productIdOf(params.id ?? '')
  const product = id
    ? await getProduct(serverApi(context), id).catch((error: unknown) => {
        if (isMissing(error)) return null
        throw error
      })
    : null
  if (!product || product.shop !== context.shop._id || !product.available) {
    return data({ problem: 'This product is no longer sold here.' } satisfies AddToCartAnswer, { status: 404 })
  }
  const cookie = decodeCartCookie(cookieValue(request.headers.get('cookie'), CART_COOKIE))
  const { status, answer, cart } = addFromForm(form, product, cookie, { most: context.shop.shopperLineMax, now: Date.now() })
  const secure = new URL(request.url).protocol === 'https:'
  return data(answer, { status, headers: cart ? { 'Set-Cookie': cartSetCookie(cart, secure) } : undefined })
}
