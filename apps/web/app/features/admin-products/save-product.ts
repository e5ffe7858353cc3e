import { createProduct } from '../../api/products/create-product'
import { setInventory } from '../../api/inventory/set-inventory'
import { updateProduct } from '../../api/products/update-product'
import { type ProductFormValues, inventoryUpdates, toProductBody } from './product-form'
import type { AdminProduct } from './types'
import { api } from '../../lib/api'

/** The saved product, and the error of its stock when the product saved but a stock row did not. */
export type SaveOutcome = { product: AdminProduct; stockError: unknown }

/**
 * Saves the product (create or replace every field), then its stock rows: the inventory API needs the
 * product's id and its variants' ids, which only exist once the product is saved. `previous` is the form
 * as last loaded or saved (null for a new product), so only changed stock is written.
 */
export async function saveProduct(
  shop: string,
  values: ProductFormValues,
  existing: AdminProduct | null,
  previous: ProductFormValues | null,
): Promise<SaveOutcome> {
  const body = toProductBody(values)
  const product = existing ? await updateProduct(api, existing._id, body) : await createProduct(api, { shop, ...body })
  try {
    // One after another: each write locks the product's stock rows anyway.
    for (const row of inventoryUpdates(values, product, previous)) await setInventory(api, row)
    return { product, stockError: null }
  } catch (error) {
    return { product, stockError: error }
  }
}
