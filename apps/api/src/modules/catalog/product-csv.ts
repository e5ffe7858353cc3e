/**
 * The product CSV: one row per variant (one row for a product without variants), as shops know it from
 * other platforms. Pure: text in, checked rows grouped by product out; text out from products.
 *
 * Columns: product_id, title, description, price, sale_price, published, categories, variant_id, options,
 * variant_price, variant_sale_price, sku, stock. `options` is "Size: L; Colour: Red"; `categories` is
 * "Shirts; Sale"; `stock` is the tracked quantity, empty for not tracked. `variant_price`,
 * `variant_sale_price` and `sku` are a variant's own (empty: the product's apply, no SKU); a file without
 * those columns leaves the variants' own values as they are. Rows with the same product_id, or without one and with the same title,
 * are one product; its own fields come from its first row (later rows leave them empty or repeat them).
 *
 * Written by the one CSV writer (lib/csv.ts), which puts a single quote before a cell a spreadsheet would
 * run as a formula; reading takes that quote away again, so a file exported and imported unchanged gives
 * back exactly the same text (docs/decisions/0051).
 */
import { parse } from 'csv-parse/sync'
import { isMajorAmount } from '@shop/domain'
import { type CsvValue, csvText, unescapeCsvCell } from '../../lib/csv'
import { MAX_AMOUNT, MAX_CSV_ROWS, MAX_QUANTITY } from './catalog.schemas'
import { MAX_SKU_LENGTH } from '@shop/domain/schemas/catalog'
import type { ProductWithStock } from './catalog.dto'

export const CSV_COLUMNS = [
  'product_id',
  'title',
  'description',
  'price',
  'sale_price',
  'published',
  'categories',
  'variant_id',
  'options',
  'variant_price',
  'variant_sale_price',
  'sku',
  'stock',
] as const
/** A variant's own values: a file without their columns leaves them as they are. */
const VARIANT_OWN_COLUMNS = ['variant_price', 'variant_sale_price', 'sku'] as const
type Column = (typeof CSV_COLUMNS)[number]
/** The fields of a product, given once per product. */
const PRODUCT_FIELDS = ['title', 'description', 'price', 'sale_price', 'published', 'categories'] as const

export type RowError = { column: string; message: string }

/** One variant row, read and checked on its own. */
export type CsvRow = {
  line: number
  productId: string | null
  title: string
  description: string
  price: number | null
  salePrice: number
  published: boolean
  categories: string[]
  variantId: string | null
  features: Record<string, string> | null
  /**
   * The variant's own price, sale price (0: not on sale) and SKU; null: none (the product's apply);
   * undefined: the file has no such column, so the stored value stays.
   */
  own: { price?: number | null; salePrice?: number | null; sku?: string | null }
  stock: number | null
  raw: Record<Column, string>
  errors: RowError[]
}

/** A product of the file: its rows, the first one holding its fields. */
export type CsvProduct = { key: string; productId: string | null; rows: CsvRow[] }

export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly errors: RowError[] = [],
  ) {
    super(message)
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const VARIANT_ID = /^[A-Za-z0-9_-]{1,40}$/
const YES = new Set(['yes', 'true', '1', 'y'])
const NO = new Set(['no', 'false', '0', 'n'])

export const listCell = (values: string[]) => values.join('; ')
const splitList = (cell: string) => cell.split(';').map((part) => part.trim()).filter(Boolean)

export function optionsCell(features: Record<string, string>): string {
  return Object.entries(features).map(([name, value]) => `${name}: ${value}`).join('; ')
}

function parseOptions(cell: string, errors: RowError[]): Record<string, string> | null {
  if (!cell.trim()) return null
  const features: Record<string, string> = {}
  for (const part of splitList(cell)) {
    const colon = part.indexOf(':')
    const name = colon < 0 ? '' : part.slice(0, colon).trim()
    const value = colon < 0 ? '' : part.slice(colon + 1).trim()
    if (!name || !value) {
      errors.push({ column: 'options', message: `"${part}" must be written "Name: value", like "Size: L"` })
      return null
    }
    if (name.length > 50 || value.length > 100) {
      errors.push({ column: 'options', message: 'names are at most 50 characters and values 100' })
      return null
    }
    if (name in features) {
      errors.push({ column: 'options', message: `names "${name}" twice` })
      return null
    }
    features[name] = value
  }
  return features
}

function parseAmount(cell: string, column: Column, errors: RowError[], required: boolean): number | null {
  const text = cell.trim()
  if (!text) {
    if (required) errors.push({ column, message: 'is required' })
    return null
  }
  const value = Number(text)
  if (!/^\d+(\.\d+)?$/.test(text) || !isMajorAmount(value) || value > MAX_AMOUNT) {
    errors.push({ column, message: `must be an amount such as 120 or 99.50, at most ${MAX_AMOUNT}` })
    return null
  }
  return value
}

function readOwn(raw: Record<Column, string>, present: ReadonlySet<string>, errors: RowError[]): CsvRow['own'] {
  const own: CsvRow['own'] = {}
  if (present.has('variant_price')) own.price = parseAmount(raw.variant_price, 'variant_price', errors, false)
  if (present.has('variant_sale_price')) own.salePrice = parseAmount(raw.variant_sale_price, 'variant_sale_price', errors, false)
  if (present.has('sku')) {
    const sku = raw.sku.trim()
    if (sku.length > MAX_SKU_LENGTH) errors.push({ column: 'sku', message: `must be at most ${MAX_SKU_LENGTH} characters` })
    own.sku = sku || null
  }
  return own
}

function readRow(line: number, raw: Record<Column, string>, present: ReadonlySet<string> = new Set(CSV_COLUMNS)): CsvRow {
  const errors: RowError[] = []
  const productId = raw.product_id.trim() || null
  if (productId && !UUID.test(productId)) errors.push({ column: 'product_id', message: 'must be the id of a product, or empty for a new one' })
  const title = raw.title.trim()
  if (title.length > 200) errors.push({ column: 'title', message: 'must be at most 200 characters' })
  if (raw.description.length > 10_000) errors.push({ column: 'description', message: 'must be at most 10,000 characters' })
  const published = raw.published.trim().toLowerCase()
  if (published && !YES.has(published) && !NO.has(published)) errors.push({ column: 'published', message: 'must be yes or no' })
  const variantId = raw.variant_id.trim() || null
  if (variantId && !VARIANT_ID.test(variantId)) errors.push({ column: 'variant_id', message: 'must be a variant id from an export' })
  const stockText = raw.stock.trim()
  let stock: number | null = null
  if (stockText) {
    stock = /^\d+$/.test(stockText) ? Number(stockText) : NaN
    if (!Number.isSafeInteger(stock) || stock > MAX_QUANTITY) {
      errors.push({ column: 'stock', message: 'must be a whole number of 0 or more, or empty for not tracked' })
      stock = null
    }
  }
  const categories = splitList(raw.categories)
  if (categories.some((name) => name.length > 100)) errors.push({ column: 'categories', message: 'names are at most 100 characters' })
  return {
    line,
    productId,
    title,
    description: raw.description,
    price: parseAmount(raw.price, 'price', errors, false),
    salePrice: parseAmount(raw.sale_price, 'sale_price', errors, false) ?? 0,
    published: !NO.has(published),
    categories,
    variantId,
    features: parseOptions(raw.options, errors),
    own: readOwn(raw, present, errors),
    stock,
    raw,
    errors,
  }
}

/** The first row's fields rule; a later row may leave them empty or repeat them. */
function checkGroup(group: CsvProduct): void {
  const [first, ...rest] = group.rows as [CsvRow, ...CsvRow[]]
  if (!first.title) first.errors.push({ column: 'title', message: 'is required' })
  if (first.price === null && !first.errors.some((error) => error.column === 'price')) first.errors.push({ column: 'price', message: 'is required' })
  for (const row of rest) {
    for (const column of PRODUCT_FIELDS) {
      const cell = row.raw[column]
      if (cell.trim() && cell.trim() !== first.raw[column].trim()) {
        row.errors.push({ column, message: `differs from line ${first.line}, the product's first row: leave it empty or repeat it` })
      }
    }
  }
  const withOptions = group.rows.filter((row) => row.features !== null)
  if (withOptions.length > 0 && withOptions.length < group.rows.length) {
    for (const row of group.rows) if (row.features === null && !row.errors.length) row.errors.push({ column: 'options', message: 'is required: the product\'s other rows are variants' })
  }
  if (withOptions.length === 0 && group.rows.length > 1) {
    for (const row of rest) row.errors.push({ column: 'options', message: `is required: line ${first.line} is already this product` })
  }
  const seen = new Map<string, number>()
  const seenIds = new Map<string, number>()
  for (const row of group.rows) {
    if (row.features === null) {
      for (const column of VARIANT_OWN_COLUMNS) {
        if (row.raw[column].trim()) row.errors.push({ column, message: 'is only for variants (rows with options)' })
      }
    } else if (row.own.salePrice) {
      // A sale price below the price in force: the variant's own, else the product's.
      const price = row.own.price ?? first.price
      if (price !== null && row.own.salePrice >= price) {
        row.errors.push({ column: 'variant_sale_price', message: `must be below the variant's price (${price}), or empty` })
      }
    }
    if (row.features) {
      const key = JSON.stringify(Object.entries(row.features).sort(([a], [b]) => (a < b ? -1 : 1)))
      const before = seen.get(key)
      if (before !== undefined) row.errors.push({ column: 'options', message: `are the same as line ${before}'s` })
      else seen.set(key, row.line)
    }
    if (row.variantId) {
      if (!group.productId) row.errors.push({ column: 'variant_id', message: 'must be empty for a new product' })
      const before = seenIds.get(row.variantId)
      if (before !== undefined) row.errors.push({ column: 'variant_id', message: `is used by line ${before} too` })
      else seenIds.set(row.variantId, row.line)
    }
  }
}

/** An SKU names one variant of the shop: used once in the file (any case). */
function checkSkus(groups: CsvProduct[]): void {
  const seen = new Map<string, number>()
  for (const row of groups.flatMap((group) => group.rows)) {
    const sku = row.own.sku?.toLowerCase()
    if (!sku || row.features === null) continue
    const before = seen.get(sku)
    if (before !== undefined) row.errors.push({ column: 'sku', message: `is line ${before}'s SKU too` })
    else seen.set(sku, row.line)
  }
}

/**
 * Reads a product CSV into products of rows, each row checked on its own and within its product. A file
 * that cannot be read as such a CSV (not CSV, missing or unknown columns, too many rows) throws
 * `CsvFileError`.
 */
export function readProductCsv(text: string): CsvProduct[] {
  let records: string[][]
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false, skip_empty_lines: true, max_record_size: 64 * 1024 })
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid Record Length: /, '') : 'unreadable'
    throw new CsvFileError(`The file is not a readable CSV: ${reason}`)
  }
  const [header, ...body] = records
  if (!header) throw new CsvFileError('The file is empty: it needs a header row and a row per variant')
  const names = header.map((name) => name.trim().toLowerCase())
  const unknown = names.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name))
  const missing = ['title', 'price'].filter((name) => !names.includes(name))
  if (unknown.length || missing.length) {
    throw new CsvFileError('The header row does not match the product CSV columns', [
      ...unknown.map((name) => ({ column: name || '(empty)', message: `is not a column (columns: ${CSV_COLUMNS.join(', ')})` })),
      ...missing.map((name) => ({ column: name, message: 'is a required column' })),
    ])
  }
  if (new Set(names).size !== names.length) throw new CsvFileError('The header row names a column twice')
  if (body.length === 0) throw new CsvFileError('The file has no product rows')
  if (body.length > MAX_CSV_ROWS) throw new CsvFileError(`The file has ${body.length} rows; at most ${MAX_CSV_ROWS} are taken at once`)

  const groups = new Map<string, CsvProduct>()
  body.forEach((record, index) => {
    const raw = Object.fromEntries(CSV_COLUMNS.map((column) => [column, unescapeCsvCell(record[names.indexOf(column)] ?? '')])) as Record<Column, string>
    const row = readRow(index + 2, raw, new Set(names))
    // A row without an id or a title is its own (invalid) product.
    const key = row.productId ? `id:${row.productId.toLowerCase()}` : row.title ? `title:${row.title}` : `line:${row.line}`
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { key, productId: row.productId?.toLowerCase() ?? null, rows: [] }))
    group.rows.push(row)
  })
  for (const group of groups.values()) checkGroup(group)
  checkSkus([...groups.values()])
  return [...groups.values()]
}

/** The CSV of products: one row per variant, with its stock (empty when not tracked). */
export function productCsv(rows: ProductWithStock[], categoryNames: Map<string, string>, majorAmount: (minor: number) => number): string {
  const records: CsvValue[][] = [[...CSV_COLUMNS]]
  for (const product of rows) {
    const stock = new Map(product.stock.map((state) => [state.variantId, state]))
    const quantity = (variantId: string) => {
      const state = stock.get(variantId)
      return state?.tracked ? String(state.quantity) : ''
    }
    const fields = [
      product.id,
      product.title,
      product.description,
      String(majorAmount(product.priceMinor)),
      product.sellAtMinor > 0 ? String(majorAmount(product.sellAtMinor)) : '',
      product.available ? 'yes' : 'no',
      listCell(product.categoryIds.flatMap((id) => categoryNames.get(id) ?? [])),
    ]
    if (product.variants.length === 0) records.push([...fields, '', '', '', '', '', quantity('')])
    for (const variant of product.variants) {
      const amount = (minor: number | undefined) => (minor === undefined ? '' : String(majorAmount(minor)))
      records.push([
        ...fields,
        variant._id,
        optionsCell(variant.features),
        amount(variant.priceMinor),
        amount(variant.sellAtMinor),
        variant.sku ?? '',
        quantity(variant._id),
      ])
    }
  }
  return csvText(records)
}
