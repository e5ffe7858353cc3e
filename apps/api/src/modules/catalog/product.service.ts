/**
 * Products: the public list and detail (available products only, unless the caller is staff of the
 * shop) and the staff writes. Input is already schema-checked; this adds the checks a schema cannot make
 * (amounts with two decimals, the shop's currency, categories and images of the same shop, unique variants).
 */
import { randomBytes } from 'node:crypto'
import { isMajorAmount, suggestSearch, toMinor } from '@shop/domain'
import { type ServiceContext, inTransaction } from '../../context'
import type { Db } from '../../db/client'
import type { ImageRef, Variant } from '../../db/schema'
import { Conflict, type FieldError, NotFound, invalidBody, isUniqueViolation } from '../../lib/errors'
import { parseQuery } from '../../lib/feathers-query'
import { findShop } from '../shops/shop.service'
import { findShopUploads, imageRef, releaseImages } from '../uploads/upload.service'
import { type ProductWithStock, productDto } from './catalog.dto'
import { type ProductRating, productRatings } from './product-rating.repository'
import type {
  ProductCreateInput,
  ProductDto,
  ProductPage,
  ProductPatchInput,
  ProductsAvailabilityInput,
  ProductsAvailabilityResult,
} from './catalog.schemas'
import { lockExistingCategoryIds } from './category.repository'
import { deleteInventoryExcept, lockInventory } from './inventory.repository'
import { inventoryVariantIds, refreshInStock } from './inventory.service'
import {
  type ProductChanges,
  deleteProduct,
  findProductForUpdate,
  findProductWithStock,
  insertProduct,
  listProducts,
  nearTitles,
  type ProductScope,
  productQuerySpec,
  setProductsAvailable,
  SKU_UNIQUE_INDEX,
  takenVariantSkus,
  violatedSku,
  updateProduct,
} from './product.repository'

type ImageInput = NonNullable<ProductCreateInput['images']>[number]
type VariantInput = NonNullable<ProductCreateInput['variants']>[number]


/** Staff of the shop (any role) also see unavailable products; everyone else only published ones. */
function seesUnavailable(ctx: ServiceContext, shopId: string): Promise<boolean> {
  return ctx.actor.can(shopId, 'dashboard.view')
}

function minorAmount(value: number, path: string): number {
  if (!isMajorAmount(value)) invalidBody([{ path, message: 'must be an amount with at most 2 decimals' }])
  return toMinor(value)
}

/** Checkout sells only in the shop's currency, so a product priced in another could never be bought. */
async function checkedCurrency(ctx: ServiceContext, shopId: string, currency: string): Promise<string> {
  const shop = await findShop(ctx, shopId)
  if (!shop) throw NotFound('No such shop')
  if (currency !== shop.currency) invalidBody([{ path: 'price.currency', message: `must be the shop's currency, ${shop.currency}` }])
  return currency
}

async function checkedCategories(tx: Db, shopId: string, ids: string[]): Promise<string[]> {
  const found = await lockExistingCategoryIds(tx, shopId, ids)
  const errors = ids.flatMap((id, i) => (found.has(id) ? [] : [{ path: `categories.${i}`, message: 'is not a category of this shop' }]))
  if (errors.length) invalidBody(errors)
  return ids
}

/** Only images this server stored for this shop; the thumbnail always comes from the stored upload. */
async function checkedImages(
  ctx: ServiceContext,
  shopId: string,
  images: ImageInput[],
  pathOf: (i: number) => string = (i) => `images.${i}`,
): Promise<ImageRef[]> {
  const keys = images.map((image) => ctx.storage.keyOf(image.url) ?? '')
  const stored = new Map((await findShopUploads(ctx, shopId, [...new Set(keys)])).map((row) => [row.key, row]))
  const errors: FieldError[] = []
  const refs = images.map((image, i) => {
    const upload = stored.get(keys[i]!)
    if (!upload) {
      errors.push({ path: `${pathOf(i)}.url`, message: 'must be an image uploaded to this shop' })
      return null
    }
    const thumbnail = ctx.storage.publicUrl(upload.thumbnailKey)
    if (image.thumbnail !== undefined && image.thumbnail !== thumbnail) {
      errors.push({ path: `${pathOf(i)}.thumbnail`, message: 'must be the thumbnail of the uploaded image' })
    }
    return { ...imageRef(upload, ctx.storage), alt: image.alt ?? '' }
  })
  if (errors.length) invalidBody(errors)
  return refs as ImageRef[]
}

const featureKey = (features: Record<string, string>) =>
  JSON.stringify(Object.entries(features).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))

/** A short random id that starts with a letter or digit, so a spreadsheet never reads it as a formula. */
function newVariantId(taken: Set<string>): string {
  for (;;) {
    const id = randomBytes(6).toString('base64url')
    if (/^[A-Za-z0-9]/.test(id) && !taken.has(id)) {
      taken.add(id)
      return id
    }
  }
}

/**
 * Gives every variant an id: the one sent, else the id of an existing variant with the same features
 * (so a client that does not send ids keeps its inventory rows), else a new short random one.
 */
export function resolveVariants(input: VariantInput[], existing: Variant[] = []): Variant[] {
  const errors: FieldError[] = []
  const taken = new Set<string>()
  const seenFeatures = new Set<string>()
  input.forEach((variant, i) => {
    if (variant._id !== undefined) {
      if (taken.has(variant._id)) errors.push({ path: `variants.${i}._id`, message: 'is used by another variant' })
      taken.add(variant._id)
    }
    const key = featureKey(variant.features)
    if (seenFeatures.has(key)) errors.push({ path: `variants.${i}.features`, message: 'are the same as another variant\'s' })
    seenFeatures.add(key)
  })
  if (errors.length) invalidBody(errors)
  const unclaimed = existing.filter((variant) => !taken.has(variant._id))
  return input.map((variant) => {
    const features = { ...variant.features }
    if (variant._id !== undefined) return { _id: variant._id, features }
    const match = unclaimed.findIndex((old) => featureKey(old.features) === featureKey(features))
    if (match >= 0) {
      const [old] = unclaimed.splice(match, 1)
      taken.add(old!._id)
      return { _id: old!._id, features }
    }
    return { _id: newVariantId(taken), features }
  })
}

/** What a variant may have of its own besides its features: price, sale price, SKU, picture. */
export type VariantOwn = Pick<Variant, 'priceMinor' | 'sellAtMinor' | 'sku' | 'image'>

/** The product's price and currency in force for a write: the new ones when the write sets them. */
type ProductTerms = { priceMinor: number; currency: string }

/**
 * A variant's own price (in the product's currency, two decimals), sale price (below the price in force:
 * its own, else the product's) and SKU (trimmed; blank is none; each used once in the shop, without case,
 * docs/decisions/0075), checked as far as they go without the database.
 */
export function checkedVariantPrices(input: readonly Pick<VariantInput, 'price' | 'sellAt' | 'sku'>[], terms: ProductTerms): Omit<VariantOwn, 'image'>[] {
  const errors: FieldError[] = []
  const seenSkus = new Map<string, number>()
  const own = input.map((variant, i) => {
    const result: Omit<VariantOwn, 'image'> = {}
    if (variant.price !== undefined) {
      if (!isMajorAmount(variant.price.value)) errors.push({ path: `variants.${i}.price.value`, message: 'must be an amount with at most 2 decimals' })
      else result.priceMinor = toMinor(variant.price.value)
      if (variant.price.currency !== terms.currency) {
        errors.push({ path: `variants.${i}.price.currency`, message: `must be the product's currency, ${terms.currency}` })
      }
    }
    if (variant.sellAt !== undefined) {
      if (!isMajorAmount(variant.sellAt)) errors.push({ path: `variants.${i}.sellAt`, message: 'must be an amount with at most 2 decimals' })
      else {
        const sellAtMinor = toMinor(variant.sellAt)
        const priceMinor = result.priceMinor ?? (variant.price === undefined ? terms.priceMinor : null)
        if (sellAtMinor > 0 && priceMinor !== null && sellAtMinor >= priceMinor) {
          errors.push({ path: `variants.${i}.sellAt`, message: 'must be below the variant\'s price (0: not on sale)' })
        }
        result.sellAtMinor = sellAtMinor
      }
    }
    const sku = variant.sku?.trim()
    if (sku) {
      const before = seenSkus.get(sku.toLowerCase())
      if (before !== undefined) errors.push({ path: `variants.${i}.sku`, message: `is the SKU of variants.${before} too` })
      else seenSkus.set(sku.toLowerCase(), i)
      result.sku = sku
    }
    return result
  })
  if (errors.length) invalidBody(errors)
  return own
}

/** `checkedVariantPrices`, with the SKUs checked against the shop's other products and the pictures stored. */
async function checkedVariantOwn(
  ctx: ServiceContext,
  shopId: string,
  productId: string | null,
  input: VariantInput[],
  terms: ProductTerms,
): Promise<VariantOwn[]> {
  const own: VariantOwn[] = checkedVariantPrices(input, terms)
  const skus = own.flatMap((variant) => (variant.sku ? [variant.sku.toLowerCase()] : []))
  const taken = await takenVariantSkus(ctx.db, shopId, productId, skus)
  const errors = own.flatMap((variant, i) =>
    variant.sku && taken.has(variant.sku.toLowerCase()) ? [{ path: `variants.${i}.sku`, message: 'is the SKU of another product of this shop' }] : [],
  )
  if (errors.length) invalidBody(errors)
  const pictured = input.flatMap((variant, i) => (variant.image ? [{ i, image: variant.image }] : []))
  const images = await checkedImages(ctx, shopId, pictured.map((entry) => entry.image), (j) => `variants.${pictured[j]!.i}.image`)
  pictured.forEach((entry, j) => (own[entry.i]!.image = images[j]!))
  return own
}

/**
 * Rethrows `error`, or, when it is the shop's SKU index refusing a SKU another write took since it was
 * checked (two saves at once, decision 96), a 409 naming the variant among `variants` that has it.
 */
export function rethrowSkuTaken(error: unknown, variants: readonly { sku?: string | undefined }[] = []): never {
  if (!isUniqueViolation(error, SKU_UNIQUE_INDEX)) throw error
  const sku = violatedSku(error)
  const i = sku === null ? -1 : variants.findIndex((variant) => variant.sku?.trim().toLowerCase() === sku)
  const named = i >= 0 ? variants[i]!.sku!.trim() : sku
  throw Conflict(`${named ? `SKU ${named}` : 'A SKU'} was just given to another product of this shop`, [
    { path: i >= 0 ? `variants.${i}.sku` : 'variants', message: 'is the SKU of another product of this shop' },
  ])
}

/** The resolved variants (ids, features) with what each has of its own. */
export const withOwn = (variants: Variant[], own: readonly VariantOwn[]): Variant[] =>
  variants.map((variant, i) => ({ ...variant, ...own[i] }))

/** Whether a Feathers query holds a non-blank `$q` anywhere (top level or inside `$or`). */
function hasSearch(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(value).some(([key, inner]) =>
    key === '$q' ? typeof inner === 'string' && inner.trim() !== '' : hasSearch(inner),
  )
}

/** How many near titles a suggestion is spelled from. */
const SUGGESTION_TITLES = 10

/**
 * "Did you mean …?" for a title search (`title[$q]`) that found nothing: respelled from the titles a looser
 * search finds, and only offered when the respelled search, with the same filters, finds something.
 */
async function searchSuggestion(ctx: ServiceContext, scope: ProductScope, query: Record<string, unknown>): Promise<string | null> {
  const title = query.title as { $q?: unknown } | undefined
  const text = typeof title?.$q === 'string' ? title.$q.trim() : ''
  if (!text) return null
  const suggestion = suggestSearch(text, await nearTitles(ctx.readDb, scope, text, SUGGESTION_TITLES))
  if (!suggestion) return null
  const parsed = parseQuery(productQuerySpec, { ...query, title: { $q: suggestion }, $limit: '0', $skip: '0' })
  const { total } = await listProducts(ctx.readDb, scope, parsed, true)
  return total > 0 ? suggestion : null
}

export type ProductListOptions = {
  /** Only products with a tracked variant at or below the low-stock threshold: staff only. */
  lowStock?: boolean
}

export async function listShopProducts(
  ctx: ServiceContext,
  shopId: string,
  query: Record<string, unknown>,
  options: ProductListOptions = {},
): Promise<ProductPage> {
  const parsed = parseQuery(productQuerySpec, query)
  const staff = await seesUnavailable(ctx, shopId)
  // Which products run low is the shop's business, as exact stock is.
  if (options.lowStock && !staff) await ctx.actor.authorize(shopId, 'dashboard.view')
  const search = hasSearch(query)
  const scope = { shopId, availableOnly: !staff, lowStockOnly: options.lowStock === true }
  const { rows, total } = await listProducts(ctx.readDb, scope, parsed, search)
  const page: ProductPage = { total, limit: parsed.limit, skip: parsed.skip, data: rows.map((row) => withRating(productDto(row, staff), row.rating)) }
  if (search && total === 0 && parsed.skip === 0) {
    const suggestion = await searchSuggestion(ctx, scope, query)
    if (suggestion) page.suggestion = suggestion
  }
  return page
}

export async function getProduct(ctx: ServiceContext, id: string): Promise<ProductDto> {
  const row = await findProductWithStock(ctx.readDb, id)
  if (!row) throw NotFound('No such product')
  const staff = await seesUnavailable(ctx, row.shopId)
  if (!staff && (!row.available || (await ctx.suspendedShops.has(row.shopId)))) throw NotFound('No such product')
  return withRating(productDto(row, staff), (await productRatings(ctx.readDb, row.shopId, [row.id])).get(row.id) ?? null)
}

/** The product's visible reviews' average and count (decision 81), when it has any. */
function withRating(product: ProductDto, rating: ProductRating | null): ProductDto {
  if (rating) product.rating = rating
  return product
}

/** A product just written, re-read with its stock, for the staff member who wrote it. */
async function writtenProduct(ctx: ServiceContext, id: string): Promise<ProductDto> {
  const row = await findProductWithStock(ctx.db, id)
  if (!row) throw NotFound('No such product')
  return productDto(row, true)
}

export async function createProduct(ctx: ServiceContext, input: ProductCreateInput): Promise<ProductDto> {
  await ctx.actor.authorize(input.shop, 'catalog.edit')
  const priceMinor = minorAmount(input.price.value, 'price.value')
  const currency = await checkedCurrency(ctx, input.shop, input.price.currency)
  const sellAtMinor = input.sellAt === undefined ? 0 : minorAmount(input.sellAt, 'sellAt')
  const own = await checkedVariantOwn(ctx, input.shop, null, input.variants ?? [], { priceMinor, currency })
  const variants = withOwn(resolveVariants(input.variants ?? []), own)
  const images = await checkedImages(ctx, input.shop, input.images ?? [])
  // A new product has no inventory rows, so it starts in stock (the column default).
  const now = ctx.clock.now()
  const insert = ctx.db.transaction(async (tx) =>
    insertProduct(tx, {
      createdAt: now,
      updatedAt: now,
      shopId: input.shop,
      title: input.title.trim(),
      description: input.description ?? '',
      priceMinor,
      currency,
      sellAtMinor,
      images,
      variants,
      categoryIds: await checkedCategories(tx, input.shop, input.categories ?? []),
      available: input.available ?? true,
    }),
  )
  const row = await insert.catch((error: unknown) => rethrowSkuTaken(error, variants))
  return writtenProduct(ctx, row.id)
}

/** The stored pictures a product holds: its own and its variants'. */
const imageUrls = (product: { images: ImageRef[]; variants: Variant[] }) => [
  ...product.images.map((image) => image.url),
  ...product.variants.flatMap((variant) => (variant.image ? [variant.image.url] : [])),
]

/** Loads a product for a staff write: 401 anonymous, 404 missing or another shop's, 403 role too low. */
async function productForWrite(ctx: ServiceContext, id: string): Promise<ProductWithStock> {
  ctx.actor.requireUser()
  const product = await findProductWithStock(ctx.db, id)
  if (!product) throw NotFound('No such product')
  await ctx.actor.authorize(product.shopId, 'catalog.edit')
  return product
}

export async function patchProduct(ctx: ServiceContext, id: string, input: ProductPatchInput): Promise<ProductDto> {
  const product = await productForWrite(ctx, id)
  const changes: ProductChanges = {}
  if (input.title !== undefined) changes.title = input.title.trim()
  if (input.description !== undefined) changes.description = input.description
  if (input.price !== undefined) {
    changes.priceMinor = minorAmount(input.price.value, 'price.value')
    changes.currency = await checkedCurrency(ctx, product.shopId, input.price.currency)
  }
  if (input.sellAt !== undefined) changes.sellAtMinor = minorAmount(input.sellAt, 'sellAt')
  if (input.available !== undefined) changes.available = input.available
  if (input.images !== undefined) changes.images = await checkedImages(ctx, product.shopId, input.images)
  let own: VariantOwn[] = []
  if (input.variants !== undefined) {
    resolveVariants(input.variants) // fail fast, before any lock
    const terms = { priceMinor: changes.priceMinor ?? product.priceMinor, currency: changes.currency ?? product.currency }
    own = await checkedVariantOwn(ctx, product.shopId, product.id, input.variants, terms)
  }

  const row = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db
    if (input.variants !== undefined) await lockInventory(tx, product.shopId, product.id)
    if (input.categories !== undefined) changes.categoryIds = await checkedCategories(tx, product.shopId, input.categories)
    const current = await findProductForUpdate(tx, product.id)
    if (!current) throw NotFound('No such product')
    if (input.variants !== undefined) changes.variants = withOwn(resolveVariants(input.variants, current.variants), own)
    await updateProduct(tx, product.id, changes)
    if (changes.variants) {
      // Rows of removed variants go; the stock flag follows what is left.
      await deleteInventoryExcept(tx, product.shopId, product.id, inventoryVariantIds({ variants: changes.variants }))
      await refreshInStock(txCtx, product.id)
    }
    return findProductWithStock(tx, product.id)
  }).catch((error: unknown) => rethrowSkuTaken(error, input.variants ?? []))
  if (!row) throw NotFound('No such product')
  if (changes.images || changes.variants) {
    const kept = new Set(imageUrls({ images: changes.images ?? product.images, variants: changes.variants ?? product.variants }))
    await releaseImages(ctx, product.shopId, imageUrls(product).filter((url) => !kept.has(url)))
  }
  return productDto(row, true)
}

export async function removeProduct(ctx: ServiceContext, id: string): Promise<ProductDto> {
  const product = await productForWrite(ctx, id)
  const row = await deleteProduct(ctx.db, product.id)
  if (!row) throw NotFound('No such product')
  await releaseImages(ctx, product.shopId, imageUrls(row))
  return productDto({ ...row, stock: product.stock, lowStockThreshold: product.lowStockThreshold }, true)
}

/**
 * Shows or hides several products of the shop in one statement and one transaction: all of them, or none
 * when any id is not a product of this shop (404 naming it, as for one product).
 */
export async function setAvailability(ctx: ServiceContext, input: ProductsAvailabilityInput): Promise<ProductsAvailabilityResult> {
  await ctx.actor.authorize(input.shop, 'catalog.edit')
  const changed = await ctx.db.transaction(async (tx) => {
    const ids = await setProductsAvailable(tx, input.shop, input.ids, input.available)
    const found = new Set(ids)
    const missing = input.ids.flatMap((id, i) => (found.has(id) ? [] : [{ path: `ids.${i}`, message: 'is not a product of this shop' }]))
    if (missing.length) throw NotFound('No such product', missing)
    return ids.length
  })
  return { updated: changed, available: input.available }
}
