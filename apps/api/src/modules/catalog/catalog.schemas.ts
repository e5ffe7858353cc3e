/**
 * Wire schemas of the catalog: what the routes accept (strict: unknown fields are a 400) and what they
 * answer. Money on the wire is major units; `sellAt` is a plain number in the price's currency.
 */
import { IsoDate, Money } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'

/** The request bodies live in the domain package, where the dashboard's forms validate with them too. */
export {
  CategoryCreateBody,
  type CategoryCreateInput,
  InventoryUpsertBody,
  type InventoryUpsertInput,
  MAX_AMOUNT,
  MAX_QUANTITY,
  ProductCreateBody,
  type ProductCreateInput,
  ProductPatchBody,
  type ProductPatchInput,
  VariantId,
} from '@shop/domain/schemas/catalog'

// ---------------------------------------------------------------- responses

export const ProductResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  title: Type.String(),
  description: Type.String(),
  price: Money,
  sellAt: Type.Number(),
  images: Type.Array(Type.Object({ url: Type.String(), thumbnail: Type.String(), alt: Type.String() })),
  variants: Type.Array(
    Type.Object({
      _id: Type.String(),
      features: Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } }),
    }),
  ),
  categories: Type.Array(Type.String()),
  available: Type.Boolean(),
  inStock: Type.Boolean(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type ProductDto = Static<typeof ProductResponse>

export const CategoryResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  name: Type.String(),
  createdAt: IsoDate,
})
export type CategoryDto = Static<typeof CategoryResponse>

export const InventoryResponse = Type.Object({
  _id: Type.String(),
  product: Type.String(),
  /** null for a product without variants. */
  variant: Type.Union([Type.String(), Type.Null()]),
  quantity: Type.Integer(),
  tracked: Type.Boolean(),
  updatedAt: IsoDate,
})
export type InventoryDto = Static<typeof InventoryResponse>
