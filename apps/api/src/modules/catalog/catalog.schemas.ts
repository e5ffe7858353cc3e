/**
 * Wire schemas of the catalog: what the routes accept (strict: unknown fields are a 400) and what they
 * answer. Money on the wire is major units; `sellAt` is a plain number in the price's currency.
 */
import { type Static, Type } from 'typebox'

/** 10 million major units keeps every amount inside the integer minor-unit columns. */
export const MAX_AMOUNT = 10_000_000
export const MAX_QUANTITY = 1_000_000_000

export const Uuid = Type.String({ format: 'uuid' })
const IsoDate = Type.String({ format: 'date-time' })
export const ErrorRef = Type.Unsafe<unknown>({ $ref: 'Error#' })
export const errorResponses = { 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 404: ErrorRef, 409: ErrorRef }

export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false })

/** Stored upload URLs only; the service checks each one against the shop's uploads. */
const UploadUrl = Type.String({ pattern: '^/uploads/[A-Za-z0-9][A-Za-z0-9_-]*(/[A-Za-z0-9][A-Za-z0-9_.-]*)*$', maxLength: 300 })
/** A variant id: short, URL-safe, unique within its product. */
export const VariantId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' })
const Features = Type.Unsafe<Record<string, string>>({
  type: 'object',
  minProperties: 1,
  maxProperties: 20,
  propertyNames: { minLength: 1, maxLength: 50 },
  additionalProperties: { type: 'string', maxLength: 100 },
})

// ---------------------------------------------------------------- responses

export const ProductResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  title: Type.String(),
  description: Type.String(),
  price: Type.Object({ value: Type.Number(), currency: Type.String() }),
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

// ---------------------------------------------------------------- requests

const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })
const Amount = Type.Number({ minimum: 0, maximum: MAX_AMOUNT })
const PriceInput = Type.Object(
  { value: Amount, currency: Type.String({ pattern: '^[A-Z]{3}$' }) },
  { additionalProperties: false },
)
const ImageInput = Type.Object(
  {
    url: UploadUrl,
    /** Optional: taken from the stored upload; when sent it must be that upload's thumbnail. */
    thumbnail: Type.Optional(UploadUrl),
    alt: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
)
const VariantInput = Type.Object(
  { _id: Type.Optional(VariantId), features: Features },
  { additionalProperties: false },
)

const productFields = {
  title: Title,
  description: Type.String({ maxLength: 10_000 }),
  price: PriceInput,
  sellAt: Amount,
  images: Type.Array(ImageInput, { maxItems: 20 }),
  variants: Type.Array(VariantInput, { maxItems: 100 }),
  categories: Type.Array(Uuid, { maxItems: 50, uniqueItems: true }),
  available: Type.Boolean(),
}

export const ProductCreateBody = Type.Object(
  {
    shop: Uuid,
    title: productFields.title,
    price: productFields.price,
    description: Type.Optional(productFields.description),
    sellAt: Type.Optional(productFields.sellAt),
    images: Type.Optional(productFields.images),
    variants: Type.Optional(productFields.variants),
    categories: Type.Optional(productFields.categories),
    available: Type.Optional(productFields.available),
  },
  { additionalProperties: false },
)
export type ProductCreateInput = Static<typeof ProductCreateBody>

export const ProductPatchBody = Type.Object(
  {
    title: Type.Optional(productFields.title),
    price: Type.Optional(productFields.price),
    description: Type.Optional(productFields.description),
    sellAt: Type.Optional(productFields.sellAt),
    images: Type.Optional(productFields.images),
    variants: Type.Optional(productFields.variants),
    categories: Type.Optional(productFields.categories),
    available: Type.Optional(productFields.available),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type ProductPatchInput = Static<typeof ProductPatchBody>

export const CategoryCreateBody = Type.Object(
  { shop: Uuid, name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }) },
  { additionalProperties: false },
)
export type CategoryCreateInput = Static<typeof CategoryCreateBody>

export const InventoryUpsertBody = Type.Object(
  {
    product: Uuid,
    variant: Type.Optional(Type.Union([VariantId, Type.Null()])),
    quantity: Type.Integer({ minimum: 0, maximum: MAX_QUANTITY }),
    tracked: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type InventoryUpsertInput = Static<typeof InventoryUpsertBody>
