/**
 * The product form's state and what it becomes: the product body (checked with the API's own schema),
 * the inventory rows to save after the product, and the field each error belongs to. Features are edited
 * as name/value rows and sent as the `{name: value}` object the API stores.
 */
import { ImageVariant } from '@shop/domain/schemas/uploads'
import { type VariantOption, isMajorAmount, optionsOf, variantCombinations } from '@shop/domain'
import {
  type InventoryRow,
  type InventoryUpsertInput,
  MAX_FEATURES,
  type Product,
  ProductPatchBody,
  type ProductPatchInput,
  Quantity,
  type Variant,
} from '@shop/domain/schemas/catalog'
import { type Static, Type } from 'typebox'
import { type FieldErrors, validate } from '../../lib/form-errors'

// The form's state as TypeBox schemas, so the page's `save` intent parses exactly what the form holds.
// Amounts and quantities stay text as typed: the product body built from them is checked with the API's
// schema (validateProductForm), which words each problem at its field. Drafts may carry more than these
// fields (a stored image's sizes), which are not sent on.

/** `variants`: the stored widths, for the editor's small previews (never sent back: the API fills them). */
const ImageDraftSchema = Type.Object({
  key: Type.String(),
  url: Type.String(),
  thumbnail: Type.String(),
  alt: Type.String(),
  variants: Type.Optional(Type.Array(ImageVariant)),
})
export type ImageDraft = Static<typeof ImageDraftSchema>
const FeatureDraftSchema = Type.Object({ key: Type.String(), name: Type.String(), value: Type.String() })
export type FeatureDraft = Static<typeof FeatureDraftSchema>
const StockDraftSchema = Type.Object({ tracked: Type.Boolean(), quantity: Type.String() })
export type StockDraft = Static<typeof StockDraftSchema>
/** A picture as a variant names it: one of the shop's stored uploads, usually one of the product's. */
const PictureDraftSchema = Type.Object({ url: Type.String(), thumbnail: Type.String(), alt: Type.String() })
export type PictureDraft = Static<typeof PictureDraftSchema>
/**
 * A variant: its features, its own price, sale price and SKU (blank: the product's apply, none), its
 * picture (null: the product's first) and its stock.
 */
const VariantDraftSchema = Type.Object({
  key: Type.String(),
  _id: Type.Optional(Type.String()),
  features: Type.Array(FeatureDraftSchema),
  price: Type.String(),
  sellAt: Type.String(),
  sku: Type.String(),
  image: Type.Union([PictureDraftSchema, Type.Null()]),
  stock: StockDraftSchema,
})
export type VariantDraft = Static<typeof VariantDraftSchema>

export const ProductFormSchema = Type.Object({
  title: Type.String(),
  description: Type.String(),
  price: Type.String(),
  /** Always the shop's: checkout sells in no other currency. */
  currency: Type.String(),
  /** Blank or 0: not on sale. */
  sellAt: Type.String(),
  images: Type.Array(ImageDraftSchema),
  variants: Type.Array(VariantDraftSchema),
  categories: Type.Array(Type.String()),
  available: Type.Boolean(),
  /** The stock of a product without variants. */
  stock: StockDraftSchema,
})
export type ProductFormValues = Static<typeof ProductFormSchema>

/** The body's top-level fields: a server error naming one of them is shown at that field. */
/** The API's largest page: a shop's categories fit in one (they are a short list of names). */
export const MAX_CATEGORIES = 100

export const PRODUCT_FIELDS = ['title', 'description', 'price', 'sellAt', 'images', 'variants', 'categories', 'available']

let lastKey = 0
/** A key for React's lists of drafts: unique on the page, stable while the draft lives. */
export function draftKey(): string {
  lastKey += 1
  return `draft-${lastKey}`
}

/**
 * A new product or variant is not counted until the merchant enters a quantity (docs/decisions/0076):
 * one who skips the field publishes a product in stock, not a sold-out one.
 */
const newStock = (): StockDraft => ({ tracked: false, quantity: '' })
/** Without a stock row a product is sold without counting (docs/architecture.md §7: no tracked rows means in stock). */
const uncounted = (): StockDraft => ({ tracked: false, quantity: '' })

/** A quantity typed into the stock field starts counting; the checkbox can still turn it off. */
export function withQuantity(stock: StockDraft, quantity: string): StockDraft {
  return { tracked: stock.tracked || quantity.trim() !== '', quantity }
}

export function emptyProductForm(currency: string): ProductFormValues {
  return {
    title: '',
    description: '',
    price: '',
    currency,
    sellAt: '0',
    images: [],
    variants: [],
    categories: [],
    available: true,
    stock: newStock(),
  }
}

function stockOf(rows: readonly InventoryRow[], variant: string | null): StockDraft {
  const row = rows.find((candidate) => candidate.variant === variant)
  return row ? { tracked: row.tracked, quantity: String(row.quantity) } : uncounted()
}

/** `currency` is the shop's: saving prices the product in it, whatever it was stored with. */
export function productToForm(product: Product, inventory: readonly InventoryRow[], currency: string): ProductFormValues {
  return {
    title: product.title,
    description: product.description,
    price: String(product.price.value),
    currency,
    sellAt: String(product.sellAt),
    images: product.images.map((image) => ({ key: draftKey(), ...image })),
    variants: product.variants.map((variant) => ({
      key: draftKey(),
      _id: variant._id,
      features: Object.entries(variant.features).map(([name, value]) => ({ key: draftKey(), name, value })),
      price: variant.price ? String(variant.price.value) : '',
      sellAt: variant.sellAt === undefined ? '' : String(variant.sellAt),
      sku: variant.sku ?? '',
      image: variant.image ? { url: variant.image.url, thumbnail: variant.image.thumbnail, alt: variant.image.alt } : null,
      stock: stockOf(inventory, variant._id),
    })),
    categories: [...product.categories],
    available: product.available,
    stock: stockOf(inventory, null),
  }
}

// ---------------------------------------------------------------- editing

/** The list with the item at `from` moved to `to` (both clamped to the list). */
/**
 * Puts a finished upload where it was chosen: before the first image that was chosen after it (`order`
 * holds the keys in the order the files were chosen), else at the end. Uploads finish in any order.
 */
export function insertInChosenOrder<T extends { key: string }>(items: readonly T[], item: T, order: readonly string[]): T[] {
  const rank = order.indexOf(item.key)
  const index = rank < 0 ? -1 : items.findIndex((other) => order.indexOf(other.key) > rank)
  return index < 0 ? [...items, item] : [...items.slice(0, index), item, ...items.slice(index)]
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to))
  if (from < 0 || from >= items.length || from === target) return [...items]
  const next = [...items]
  const [moved] = next.splice(from, 1)
  next.splice(target, 0, moved!)
  return next
}

/** A new variant with the feature names of the last one (Size, Colour …) and empty values, ready to fill. */
export function newVariant(variants: readonly VariantDraft[]): VariantDraft {
  const names = variants.at(-1)?.features.map((feature) => feature.name) ?? []
  return {
    key: draftKey(),
    features: (names.length ? names : ['']).map((name) => ({ key: draftKey(), name, value: '' })),
    ...noOwnOffer(),
    stock: newStock(),
  }
}

const noOwnOffer = () => ({ price: '', sellAt: '', sku: '', image: null })

const featuresKey = (features: Record<string, string>) =>
  JSON.stringify(Object.entries(features).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))

/**
 * The variants the options make (every combination, `variantCombinations`): a variant the form already
 * has with the same features is kept as it is (its id, price, stock); the others are new, not counted.
 */
export function variantsFromOptions(options: readonly VariantOption[], current: readonly VariantDraft[]): VariantDraft[] {
  const existing = new Map(current.map((variant) => [featuresKey(featuresObject(variant.features)), variant]))
  return variantCombinations(options).map((features) => {
    const kept = existing.get(featuresKey(features))
    if (kept) return kept
    return {
      key: draftKey(),
      features: Object.entries(features).map(([name, value]) => ({ key: draftKey(), name, value })),
      ...noOwnOffer(),
      stock: newStock(),
    }
  })
}

/** The options the form's variants use now ("Size: S, M"), to start the option rows from. */
export function optionsOfDrafts(variants: readonly VariantDraft[]): VariantOption[] {
  return optionsOf(variants.map((variant) => ({ features: featuresObject(variant.features) })))
}

export function canAddFeature(variant: VariantDraft): boolean {
  return variant.features.length < MAX_FEATURES
}

export function addFeature(variant: VariantDraft): VariantDraft {
  return { ...variant, features: [...variant.features, { key: draftKey(), name: '', value: '' }] }
}

export function removeFeature(variant: VariantDraft, key: string): VariantDraft {
  return { ...variant, features: variant.features.filter((feature) => feature.key !== key) }
}

export function updateFeature(variant: VariantDraft, key: string, change: Partial<Pick<FeatureDraft, 'name' | 'value'>>): VariantDraft {
  return {
    ...variant,
    features: variant.features.map((feature) => (feature.key === key ? { ...feature, ...change } : feature)),
  }
}

// ---------------------------------------------------------------- to the API

/** A typed amount; anything that is not a number is NaN, which the schema reports as "Enter a number". */
function parseNumber(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? Number.NaN : Number(trimmed)
}

function featuresObject(features: readonly FeatureDraft[]): Record<string, string> {
  return Object.fromEntries(features.map((feature) => [feature.name.trim(), feature.value.trim()]))
}

/** The product body (without `shop`): every field, so one shape serves create and edit. */
export function toProductBody(values: ProductFormValues): Required<ProductPatchInput> {
  return {
    title: values.title.trim(),
    description: values.description,
    price: { value: parseNumber(values.price), currency: values.currency },
    sellAt: values.sellAt.trim() === '' ? 0 : parseNumber(values.sellAt),
    images: values.images.map(({ url, thumbnail, alt }) => ({ url, thumbnail, alt: alt.trim() })),
    variants: values.variants.map((variant) => ({
      ...(variant._id ? { _id: variant._id } : {}),
      features: featuresObject(variant.features),
      ...(variant.price.trim() ? { price: { value: parseNumber(variant.price), currency: values.currency } } : {}),
      ...(variant.sellAt.trim() ? { sellAt: parseNumber(variant.sellAt) } : {}),
      ...(variant.sku.trim() ? { sku: variant.sku.trim() } : {}),
      ...(variant.image ? { image: { url: variant.image.url, thumbnail: variant.image.thumbnail, alt: variant.image.alt } } : {}),
    })),
    categories: [...values.categories],
    available: values.available,
  }
}

/** An untracked row's quantity is not counted, so a blank one is saved as 0. */
function quantityOf(stock: StockDraft): number {
  return !stock.tracked && stock.quantity.trim() === '' ? 0 : parseNumber(stock.quantity)
}

const sameStock = (a: StockDraft, b: StockDraft) => a.tracked === b.tracked && quantityOf(a) === quantityOf(b)

/**
 * The inventory rows to save once the product is saved: the API answers the variants in the order sent,
 * so the i-th draft is the i-th saved variant. With `previous` (the form as loaded), only rows that are
 * new or changed are sent, so stock that orders took in the meantime is not written back.
 */
export function inventoryUpdates(
  values: ProductFormValues,
  saved: { _id: string; variants: readonly Variant[] },
  previous: ProductFormValues | null,
): InventoryUpsertInput[] {
  const row = (variant: string | null, stock: StockDraft): InventoryUpsertInput => ({
    product: saved._id,
    variant,
    quantity: quantityOf(stock),
    tracked: stock.tracked,
  })
  if (values.variants.length === 0) {
    const unchanged = previous && previous.variants.length === 0 && sameStock(previous.stock, values.stock)
    return unchanged ? [] : [row(null, values.stock)]
  }
  return values.variants.flatMap((draft, i) => {
    const before = previous?.variants.find((variant) => variant.key === draft.key)
    const variant = saved.variants[i]
    if (!variant || (before && sameStock(before.stock, draft.stock))) return []
    return [row(variant._id, draft.stock)]
  })
}

/** The form as saved: new variants get the ids the API gave them, images the stored thumbnails. */
export function withSavedIds(values: ProductFormValues, saved: { variants: readonly Variant[]; images: Product['images'] }): ProductFormValues {
  return {
    ...values,
    images: values.images.map((image, i) => ({ ...image, thumbnail: saved.images[i]?.thumbnail ?? image.thumbnail })),
    variants: values.variants.map((variant, i) => ({ ...variant, _id: saved.variants[i]?._id ?? variant._id })),
  }
}

// ---------------------------------------------------------------- errors

const FEATURE_PATH = /^variants\.(\d+)\.features\.(.*)$/
const CATEGORY_PATH = /^categories\.\d+$/

/**
 * The form field an error path names. The API names a feature by its name (`variants.0.features.Size`);
 * the form shows it at that row's value (`variants.0.features.1.value`). A category (`categories.2`, one
 * deleted meanwhile) is shown at the category picker, which has one message for all.
 */
export function formErrorKey(values: ProductFormValues, path: string): string {
  if (CATEGORY_PATH.test(path)) return 'categories'
  const match = FEATURE_PATH.exec(path)
  if (!match || /^\d+\.(name|value)$/.test(match[2]!)) return path
  const variant = Number(match[1])
  const row = values.variants[variant]?.features.findIndex((feature) => feature.name.trim() === match[2]) ?? -1
  return row >= 0 ? `variants.${variant}.features.${row}.${match[2] ? 'value' : 'name'}` : `variants.${variant}.features`
}

/** Errors keyed by form field; a variant-wide message is dropped when a row of that variant has its own. */
export function toFormErrors(values: ProductFormValues, errors: FieldErrors): FieldErrors {
  const result: FieldErrors = {}
  for (const [path, message] of Object.entries(errors)) result[formErrorKey(values, path)] ??= message
  for (const key of Object.keys(result)) {
    if (/^variants\.\d+\.features$/.test(key) && Object.keys(result).some((other) => other.startsWith(`${key}.`))) {
      delete result[key]
    }
  }
  return result
}

/** What the schema cannot see once rows become an object: blank and repeated names, blank values. */
function featureRowErrors(values: ProductFormValues): FieldErrors {
  const errors: FieldErrors = {}
  values.variants.forEach((variant, i) => {
    const seen = new Set<string>()
    variant.features.forEach((feature, j) => {
      const name = feature.name.trim()
      if (!name) errors[`variants.${i}.features.${j}.name`] = 'Enter a name, such as Size'
      else if (seen.has(name.toLowerCase())) errors[`variants.${i}.features.${j}.name`] = 'Use each name once in a variant'
      seen.add(name.toLowerCase())
      if (!feature.value.trim()) errors[`variants.${i}.features.${j}.value`] = 'Enter a value, such as M'
    })
  })
  return errors
}

/** A variant's own price and sale price: amounts of 2 decimals, the sale below the price in force. */
function variantOfferErrors(variant: VariantDraft, i: number, productPrice: number): FieldErrors {
  const errors: FieldErrors = {}
  const price = variant.price.trim() ? parseNumber(variant.price) : null
  const sellAt = variant.sellAt.trim() ? parseNumber(variant.sellAt) : null
  if (price !== null && (!Number.isFinite(price) || price < 0 || !isMajorAmount(price))) errors[`variants.${i}.price.value`] = 'Enter an amount such as 120 or 99.50'
  if (sellAt !== null && (!Number.isFinite(sellAt) || sellAt < 0 || !isMajorAmount(sellAt))) errors[`variants.${i}.sellAt`] = 'Enter an amount such as 120 or 99.50'
  const inForce = price ?? productPrice
  if (sellAt !== null && !errors[`variants.${i}.sellAt`] && sellAt > 0 && Number.isFinite(inForce) && sellAt >= inForce) {
    errors[`variants.${i}.sellAt`] = 'The sale price must be below the price'
  }
  return errors
}

function quantityError(stock: StockDraft): string | undefined {
  const message = validate(Quantity, quantityOf(stock)).form
  return message === 'Enter a number' ? 'Enter a whole number' : message
}

/** Every problem of the form, keyed by field; empty when it can be saved. */
export function validateProductForm(values: ProductFormValues): FieldErrors {
  const body = toProductBody(values)
  const errors = toFormErrors(values, { ...featureRowErrors(values), ...validate(ProductPatchBody, body) })
  if (!errors['price.value'] && !isMajorAmount(body.price.value)) errors['price.value'] = 'Use at most 2 decimals'
  if (!errors.sellAt && !isMajorAmount(body.sellAt)) errors.sellAt = 'Use at most 2 decimals'
  // 0 means not on sale; a sale price at or above the price would not be a sale.
  if (!errors.sellAt && !errors['price.value'] && body.sellAt > 0 && body.sellAt >= body.price.value) {
    errors.sellAt = 'The sale price must be below the price'
  }
  if (values.variants.length === 0) {
    const message = quantityError(values.stock)
    if (message) errors['stock.quantity'] = message
  }
  values.variants.forEach((variant, i) => {
    const message = quantityError(variant.stock)
    if (message) errors[`variants.${i}.stock.quantity`] = message
    Object.assign(errors, variantOfferErrors(variant, i, body.price.value))
  })
  return errors
}
