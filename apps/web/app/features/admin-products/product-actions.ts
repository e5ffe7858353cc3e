/**
 * The clientAction of the new-product and edit-product pages (one per route, sharing this code). Intents:
 * `save` (create or edit, then the changed stock rows), `delete`, `create-category` and `delete-category`
 * (the category picker saves at once: categories belong to the shop, not to the product's unsaved form).
 */
import { CategoryCreateBody, type Product } from '@shop/domain/schemas/catalog'
import { createCategory } from '../../api/categories/create-category'
import { deleteCategory } from '../../api/categories/delete-category'
import { setInventory } from '../../api/inventory/set-inventory'
import { createProduct } from '../../api/products/create-product'
import { deleteProduct } from '../../api/products/delete-product'
import { updateProduct } from '../../api/products/update-product'
import { api, errorMessage } from '../../lib/api'
import { hasErrors, validate } from '../../lib/form-errors'
import { perform, readSubmission, refuse } from '../../lib/route-data'
import { requireStaff } from '../../lib/auth/staff-session'
import { PRODUCT_FIELDS, type ProductFormValues, inventoryUpdates, toProductBody, validateProductForm } from './product-form'

/** The saved product, and why its stock was not saved when the product saved but a stock row did not. */
export type SaveOutcome = { product: Product; stockError: string | null }

/** `productId`: the product being edited, null on the new-product page. */
export async function productPageAction(request: Request, productId: string | null) {
  const { shop } = await requireStaff(request)
  const submission = await readSubmission(request)
  switch (submission.intent) {
    case 'save': {
      const values = submission.values as ProductFormValues
      // The form as last loaded or saved (null for a new product), so only changed stock is written.
      const previous = (submission.previous ?? null) as ProductFormValues | null
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
      if (!productId) break
      return perform('delete', () => deleteProduct(api, productId))
    case 'create-category': {
      const body = { shop: shop._id, name: String(submission.name ?? '').trim() }
      const problems = validate(CategoryCreateBody, body)
      if (hasErrors(problems)) return refuse('create-category', problems)
      return perform('create-category', () => createCategory(api, body), ['name'])
    }
    case 'delete-category':
      return perform('delete-category', () => deleteCategory(api, String(submission.id)))
  }
  throw new Response(`Unknown intent ${submission.intent}`, { status: 400 })
}

export type ProductPageAnswer = Awaited<ReturnType<typeof productPageAction>>
