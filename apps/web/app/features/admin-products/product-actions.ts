/**
 * The clientAction of the new-product and edit-product pages (one per route, sharing this code). Intents:
 * `save` (create or edit, then the changed stock rows), `delete`, `create-category` and `delete-category`
 * (the category picker saves at once: categories belong to the shop, not to the product's unsaved form).
 */
import { can } from '@shop/domain'
import { CategoryCreateBody, type Product } from '@shop/domain/schemas/catalog'
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { createCategory } from '../../api/categories/create-category'
import { deleteCategory } from '../../api/categories/delete-category'
import { setInventory } from '../../api/inventory/set-inventory'
import { createProduct } from '../../api/products/create-product'
import { deleteProduct } from '../../api/products/delete-product'
import { updateProduct } from '../../api/products/update-product'
import { api, errorMessage } from '../../lib/api'
import { hasErrors } from '../../lib/form-errors'
import { perform, refuse } from '../../lib/route-data'
import { requireStaff } from '../../lib/auth/staff-session'
import { parseSubmission } from '../../lib/submission'
import { PRODUCT_FIELDS, ProductFormSchema, inventoryUpdates, toProductBody, validateProductForm } from './product-form'

/** The saved product, and why its stock was not saved when the product saved but a stock row did not. */
export type SaveOutcome = { product: Product; stockError: string | null }

/**
 * What each form of the pages sends: `save` the product form, and the form as last loaded or saved (null for
 * a new product) so only changed stock is written; `create-category` the new category's name (the domain's
 * rule for it); `delete-category` the category.
 */
export const productPageIntents = {
  save: Type.Object({ values: ProductFormSchema, previous: Type.Union([ProductFormSchema, Type.Null()]) }, { additionalProperties: false }),
  delete: Type.Object({}, { additionalProperties: false }),
  'create-category': Type.Object({ name: CategoryCreateBody.properties.name }, { additionalProperties: false }),
  'delete-category': Type.Object({ id: Uuid }, { additionalProperties: false }),
}

/** `productId`: the product being edited, null on the new-product page. */
export async function productPageAction(request: Request, productId: string | null) {
  const { shop, role } = await requireStaff(request)
  if (!can(role, 'catalog.edit')) throw new Response('Your role cannot edit products', { status: 403 })
  const submission = await parseSubmission(request, productPageIntents)
  if (!submission.ok) return submission
  switch (submission.intent) {
    case 'save': {
      const { values, previous } = submission.value
      const problems = validateProductForm(values)
      if (hasErrors(problems)) return refuse('save', problems)
      return perform(
        'save',
        async (): Promise<SaveOutcome> => {
          const body = toProductBody(values)
          const product = productId ? await updateProduct(api, productId, body) : await createProduct(api, { shop: shop._id, ...body })
          // The inventory API needs the product's id and its variants' ids, which only exist once it is saved.
          try {
            // One after another: each write locks the product's stock rows anyway.
            for (const row of inventoryUpdates(values, product, previous)) await setInventory(api, row)
            return { product, stockError: null }
          } catch (error) {
            return { product, stockError: errorMessage(error) }
          }
        },
        PRODUCT_FIELDS,
      )
    }
    case 'delete':
      // The new-product page has nothing to delete: no form of it sends this.
      if (!productId) throw new Response('There is no product to delete', { status: 400 })
      return perform('delete', () => deleteProduct(api, productId))
    case 'create-category': {
      const name = submission.value.name.trim()
      return perform('create-category', () => createCategory(api, { shop: shop._id, name }), ['name'])
    }
    case 'delete-category':
      return perform('delete-category', () => deleteCategory(api, submission.value.id))
  }
}

export type ProductPageAnswer = Awaited<ReturnType<typeof productPageAction>>
