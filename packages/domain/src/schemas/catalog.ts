/**
 * The catalog's wire schemas (products, categories, inventory). The request bodies: the API validates with
 * them (strict: unknown fields are a 400) and the dashboard's forms check the same rules in the browser.
 * The answers: the API's routes declare them and the web derives its types from them. Money on the wire is
 * major units; `sellAt` is a plain number in the price's currency.
 */
import { type Static, Type } from 'typebox'
import { MAX_CART_LINES, MAX_LINE_COUNT } from '../inventory'
import { StoredFileUrl, imageSizeFields } from './uploads'
import { IsoDate, Money, Uuid } from './wire'

/** 10 million major units keeps every amount inside the integer minor-unit columns. */
export const MAX_AMOUNT = 10_000_000
export const MAX_QUANTITY = 1_000_000_000
export const MAX_IMAGES = 20
export const MAX_VARIANTS = 100
export const MAX_FEATURES = 20
/** A variant's SKU, as merchants' stock sheets and barcode labels use them. */
export const MAX_SKU_LENGTH = 64

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
    url: StoredFileUrl,
    /** Optional: taken from the stored upload; when sent it must be that upload's thumbnail. */
    thumbnail: Type.Optional(StoredFileUrl),
    alt: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
)
/**
 * A variant; its own price (in the product's currency), sale price, SKU and picture (one of the shop's
 * stored uploads, as product images) are optional: without them the product's own apply.
 */
const VariantInput = Type.Object(
  {
    _id: Type.Optional(VariantId),
    features: Features,
    price: Type.Optional(PriceInput),
    sellAt: Type.Optional(Amount),
    sku: Type.Optional(Type.String({ maxLength: MAX_SKU_LENGTH, description: `at most ${MAX_SKU_LENGTH} characters` })),
    image: Type.Optional(ImageInput),
  },
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

export const ProductImage = Type.Object({ url: Type.String(), thumbnail: Type.String(), alt: Type.String(), ...imageSizeFields })
export type ProductImage = Static<typeof ProductImage>

/**
 * What a shopper may know of one variant's stock: its level, and the exact count only at or below the
 * shop's low-stock threshold ("Only 3 left") or when sold out (0). Above the threshold no count is given.
 */
export const Availability = Type.Object({
  level: Type.Union([Type.Literal('in-stock'), Type.Literal('low'), Type.Literal('sold-out')]),
  left: Type.Optional(Type.Integer({ minimum: 0, description: 'only when low or sold out' })),
})
export type Availability = Static<typeof Availability>

/**
 * A variant; its own price, sale price, SKU and picture are optional: without them the product's own apply
 * (`variantOffer` in the domain gives the values in force).
 */
export const Variant = Type.Object({
  _id: Type.String(),
  features: Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } }),
  price: Type.Optional(Money),
  sellAt: Type.Optional(Type.Number({ description: 'the variant\'s sale price; 0: not on sale' })),
  sku: Type.Optional(Type.String()),
  image: Type.Optional(ProductImage),
})
export type Variant = Static<typeof Variant>

/** A variant as the catalog answers it: with its availability now. */
export const ProductVariant = Type.Object({ ...Variant.properties, availability: Availability })
export type ProductVariant = Static<typeof ProductVariant>

/** One stock row as the shop's staff see it: exact and private. */
export const StockRow = Type.Object({
  /** null for a product without variants. */
  variant: Type.Union([Type.String(), Type.Null()]),
  quantity: Type.Integer(),
  tracked: Type.Boolean(),
})
export type StockRow = Static<typeof StockRow>

/** `sellAt` 0: not on sale. Shoppers see available products only; the shop's staff see all of them. */
export const ProductResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  title: Type.String(),
  description: Type.String(),
  price: Money,
  sellAt: Type.Number(),
  images: Type.Array(ProductImage),
  variants: Type.Array(ProductVariant),
  categories: Type.Array(Type.String()),
  available: Type.Boolean(),
  inStock: Type.Boolean(),
  /** The product's own availability without variants; with variants, that of its best-stocked variant. */
  availability: Availability,
  /** The product's visible reviews: their average rating (1–5) and count; absent while it has none. */
  rating: Type.Optional(Type.Object({ average: Type.Number(), count: Type.Integer() })),
  /** Staff of the shop only: every stock row with its exact quantity (no row: not tracked, unlimited). */
  stock: Type.Optional(Type.Array(StockRow)),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type Product = Static<typeof ProductResponse>

/** The product list; `suggestion` only when a title search found nothing and a near spelling would. */
export const ProductPage = Type.Object({
  total: Type.Integer(),
  limit: Type.Integer(),
  skip: Type.Integer(),
  data: Type.Array(ProductResponse),
  suggestion: Type.Optional(Type.String({ description: 'a search text that finds products ("Did you mean …?")' })),
})
export type ProductPage = Static<typeof ProductPage>

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

// ---------------------------------------------------------------- stock check, bulk changes, CSV

export { MAX_CART_LINES, MAX_LINE_COUNT } from '../inventory'

/** A cart's lines, checked against what is in stock before the order is placed. */
export const StockCheckBody = Type.Object(
  {
    shop: Uuid,
    items: Type.Array(
      Type.Object(
        {
          product: Uuid,
          variant: Type.Optional(Type.Union([VariantId, Type.Null()])),
          count: Type.Integer({ minimum: 1, maximum: MAX_LINE_COUNT }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_CART_LINES },
    ),
  },
  { additionalProperties: false },
)
export type StockCheckInput = Static<typeof StockCheckBody>

/**
 * Each line as asked, with its availability and whether there is enough. A line that asks for more than
 * exists learns how many are left (what placing the order would say); otherwise no count above the
 * low-stock threshold is given. A product no longer sold is `sold-out` with `gone: true`.
 */
export const StockCheckResponse = Type.Object({
  items: Type.Array(
    Type.Object({
      product: Type.String(),
      variant: Type.Union([Type.String(), Type.Null()]),
      count: Type.Integer(),
      availability: Availability,
      enough: Type.Boolean(),
      gone: Type.Boolean(),
    }),
  ),
})
export type StockCheck = Static<typeof StockCheckResponse>

export const MAX_BULK_PRODUCTS = 100

/** Show or hide several products of one shop at once (all or none). */
export const ProductsAvailabilityBody = Type.Object(
  {
    shop: Uuid,
    ids: Type.Array(Uuid, { minItems: 1, maxItems: MAX_BULK_PRODUCTS, uniqueItems: true }),
    available: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type ProductsAvailabilityInput = Static<typeof ProductsAvailabilityBody>
export const ProductsAvailabilityResponse = Type.Object({ updated: Type.Integer(), available: Type.Boolean() })
export type ProductsAvailabilityResult = Static<typeof ProductsAvailabilityResponse>

/** The largest product CSV accepted, in bytes, and its most rows (one per variant). */
export const MAX_CSV_BYTES = 2 * 1024 * 1024
export const MAX_CSV_ROWS = 5000

/** One row of an import as it would be (or was) written, with what is wrong with it. */
export const ProductImportRow = Type.Object({
  /** The file's line number (the header is line 1). */
  line: Type.Integer(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update')]),
  /** The product's id when it is updated. */
  product: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  /** "Size: L · Colour: Red", empty for a product without variants. */
  variant: Type.String(),
  price: Type.Union([Type.Number(), Type.Null()]),
  /** The stock it sets, or null to leave it (untracked for a new row). */
  stock: Type.Union([Type.Integer(), Type.Null()]),
  errors: Type.Array(Type.Object({ column: Type.String(), message: Type.String() })),
})
export type ProductImportRow = Static<typeof ProductImportRow>

export const ProductImportResponse = Type.Object({
  dryRun: Type.Boolean(),
  /** No row has a problem; a real import answers 400 instead of an invalid result. */
  valid: Type.Boolean(),
  created: Type.Integer({ description: 'products created (or that would be)' }),
  updated: Type.Integer({ description: 'products updated (or that would be)' }),
  rows: Type.Array(ProductImportRow),
})
export type ProductImportResult = Static<typeof ProductImportResponse>
