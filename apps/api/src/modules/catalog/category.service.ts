/** Categories of a shop: a public list, staff create and delete. */
import type { ServiceContext } from '../../context'
import { Conflict, NotFound, isUniqueViolation } from '../../lib/errors'
import { MAX_LIMIT, type Page, parseQuery } from '../../lib/feathers-query'
import { categoryDto } from './catalog.dto'
import type { CategoryCreateInput, CategoryDto } from './catalog.schemas'
import { deleteCategory, findCategory, findCategoryForUpdate, insertCategory, listCategories, categoryQuerySpec } from './category.repository'
import { removeCategoryFromProducts } from './product.repository'

/** The storefront asks for a shop's categories without paging, so a page holds as many as allowed. */
export async function listShopCategories(
  ctx: ServiceContext,
  shopId: string,
  query: Record<string, unknown>,
): Promise<Page<CategoryDto>> {
  const parsed = parseQuery(categoryQuerySpec, { $limit: String(MAX_LIMIT), ...query })
  const { rows, total } = await listCategories(ctx.db, shopId, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(categoryDto) }
}

export async function createCategory(ctx: ServiceContext, input: CategoryCreateInput): Promise<CategoryDto> {
  await ctx.actor.authorize(input.shop, 'catalog.edit')
  try {
    return categoryDto(await insertCategory(ctx.db, input.shop, input.name.trim()))
  } catch (error) {
    if (isUniqueViolation(error, 'categories_shop_name_key')) {
      throw Conflict('A category with this name already exists', [{ path: 'name', message: 'already exists in this shop' }])
    }
    throw error
  }
}

/** Deletes the category and takes it out of every product, in one transaction. */
export async function removeCategory(ctx: ServiceContext, id: string): Promise<CategoryDto> {
  ctx.actor.requireUser()
  const category = await findCategory(ctx.db, id)
  if (!category) throw NotFound('No such category')
  await ctx.actor.authorize(category.shopId, 'catalog.edit')
  const deleted = await ctx.db.transaction(async (tx) => {
    // Locked first: a product write that checked this category finishes before the products are updated.
    if (!(await findCategoryForUpdate(tx, id))) return null
    await removeCategoryFromProducts(tx, category.shopId, id)
    return deleteCategory(tx, id)
  })
  if (!deleted) throw NotFound('No such category')
  return categoryDto(deleted)
}
