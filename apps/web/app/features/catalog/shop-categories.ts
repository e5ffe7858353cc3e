import type { Category } from '@shop/domain/schemas/catalog'
import { listCategories } from '../../api/categories/list-categories'
import type { ApiClient } from '../../lib/api'

/** A shop's categories as the storefront shows them: ids and names only, which is all a page carries. */
export async function shopCategories(client: ApiClient, shopId: string): Promise<Pick<Category, '_id' | 'name'>[]> {
  const page = await listCategories(client, { shop: shopId })
  return page.data.map(({ _id, name }) => ({ _id, name }))
}
