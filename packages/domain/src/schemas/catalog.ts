/**
 * The catalog's wire schemas (products, categories, inventory). The request bodies: the API validates with
 * them (strict: unknown fields are a 400) and the dashboard's forms check the same rules in the browser.
 * The answers: the API's routes declare them and the web derives its types from them. Money on the wire is
 * major units; `sellAt` is a plain number in the price's currency.
 */
import { type Static, Type } from 'typebox'
import { IsoDate, Money, Uuid } from './wire'

/** 10 million major units keeps every amount inside the integer minor-unit columns. */
export const MAX_AMOUNT = 10_000_000
export const MAX_QUANTITY = 1_000_000_000
export const MAX_IMAGES = 20
export const MAX_VARIANTS = 100
export const MAX_FEATURES = 20

/** Stored upload URLs only; the service checks each one against the shop's uploads. */
const UploadUrl = Type.String({
  pattern: '^/uploads/[A-Za-z0-9][A-Za-z0-9_-]*(/[A-Za-z0-9][A-Za-z0-9_.-]*)*$',
  maxLength: 300,
  description: 'an image uploaded to this shop',
})
/** A variant id: short, URL-safe, unique within its product. */
export const VariantId = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,40}$',
  description: 'at most 40 letters, digits, _ or -',
})
const Features = Type.Unsafe<Record<string, string>>({
  type: 'object',
  minProperties: 1,
  maxProperties: MAX_FEATURES,
  propertyNames: { minLength: 1, maxLength: 50 },
  additionalProperties: { type: 'string', maxLength: 100 },
})

const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'some text' })
const Amount = Type.Number({ minimum: 0, maximum: MAX_AMOUNT })
/** The quantity of one inventory row. */
export const Quantity = Type.Integer({ minimum: 0, maximum: MAX_QUANTITY })
const PriceInput = Type.Object(
  { value: Amount, currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'a three-letter code such as GHS' }) },
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
  images: Type.Array(ImageInput, { maxItems: MAX_IMAGES }),
  variants: Type.Array(VariantInput, { maxItems: MAX_VARIANTS }),
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

/** Any of the product's own fields, at least one. */
export const ProductPatchBody = Type.Partial(Type.Object(productFields), { additionalProperties: false, minProperties: 1 })
export type ProductPatchInput = Static<typeof ProductPatchBody>

export const CategoryCreateBody = Type.Object(
  { shop: Uuid, name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'some text' }) },
  { additionalProperties: false },
)
export type CategoryCreateInput = Static<typeof CategoryCreateBody>

export const InventoryUpsertBody = Type.Object(
  {
    product: Uuid,
    variant: Type.Optional(Type.Union([VariantId, Type.Null()])),
    quantity: Quantity,
    tracked: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type InventoryUpsertInput = Static<typeof InventoryUpsertBody>

// ---------------------------------------------------------------- responses

export const ProductImage = Type.Object({ url: Type.String(), thumbnail: Type.String(), alt: Type.String() })
export type ProductImage = Static<typeof ProductImage>

export const Variant = Type.Object({
  _id: Type.String(),
  features: Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } }),
})
export type Variant = Static<typeof Variant>

/** `sellAt` 0: not on sale. Shoppers see available products only; the shop's staff see all of them. */
export const ProductResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  title: Type.String(),
  description: Type.String(),
  price: Money,
  sellAt: Type.Number(),
  images: Type.Array(ProductImage),
  variants: Type.Array(Variant),
  categories: Type.Array(Type.String()),
  available: Type.Boolean(),
  inStock: Type.Boolean(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type Product = Static<typeof ProductResponse>

export const CategoryResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  name: Type.String(),
  createdAt: IsoDate,
})
export type Category = Static<typeof CategoryResponse>

/** One stock row of a product, or of one of its variants. */
export const InventoryResponse = Type.Object({
  _id: Type.String(),
  product: Type.String(),
  /** null for a product without variants. */
  variant: Type.Union([Type.String(), Type.Null()]),
  quantity: Type.Integer(),
  tracked: Type.Boolean(),
  updatedAt: IsoDate,
})
export type InventoryRow = Static<typeof InventoryResponse>
