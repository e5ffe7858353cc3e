/** The catalog answers the products tab uses (`apps/api/src/modules/catalog/catalog.schemas.ts`). */
import type { Product } from '../../types/api'

/** `GET /api/products/{id}` as staff see it: unavailable products too. */
export type AdminProduct = Product & { updatedAt: string }

export type AdminCategory = { _id: string; shop: string; name: string; createdAt: string }

/** One stock row of `GET /api/inventory/?product=`; `variant` is null for a product without variants. */
export type InventoryRow = {
  _id: string
  product: string
  variant: string | null
  quantity: number
  tracked: boolean
  updatedAt: string
}
