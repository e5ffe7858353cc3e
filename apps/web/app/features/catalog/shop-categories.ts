import { listCategories } from '../../api/categories/list-categories'
import type { ApiClient } from '../../lib/api'
import type { Category } from '../../types/api'

/** A shop's categories as the storefront shows them: ids and names only, which is all a page carries. */
export async function shopCategories(client: ApiClient, shopId: string): Promise<Category[]> {
  const page = await listCategories(client, { shop: shopId })
  return page.data.map(({ _id, name }) => ({ _id, name }))
}
