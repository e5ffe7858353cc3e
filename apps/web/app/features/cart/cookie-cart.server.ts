import type { Product } from '@shop/domain/schemas/catalog'
import { listProducts } from '../../api/products/list-products'
import type { ApiClient } from '../../lib/api'
import type { CartItem } from '../../lib/cart/cart'
import { CART_COOKIE, cookieValue, decodeCartCookie } from '../../lib/cart/cart-cookie'

/**
 * The cart as its cookie copy tells the server (decision 87), with its products as the shop sells them now,
 * so the checkout renders it before the page's scripts run. No cookie (or a bad one): an empty cart, which
 * the browser's own copy replaces once the scripts run.
 */
export async function cookieCart(
  api: ApiClient,
  shopId: string,
  request: Request,
): Promise<{ items: CartItem[]; known: { ids: string[]; products: Product[] } }> {
  const cart = decodeCartCookie(cookieValue(request.headers.get('cookie'), CART_COOKIE))
  const ids = [...new Set(cart?.items.map((item) => item.product) ?? [])].sort()
  if (!cart || ids.length === 0) return { items: [], known: { ids: [], products: [] } }
  const { data } = await listProducts(api, { shop: shopId, available: true, _id: { $in: ids }, $limit: 100 })
  return { items: cart.items, known: { ids, products: data } }
}
