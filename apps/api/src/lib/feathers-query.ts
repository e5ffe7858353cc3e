/**
 * The one translator from the Feathers query syntax (docs/architecture.md §4) to SQL.
 *
 * Each resource declares a `QuerySpec`: the fields that may be filtered and sorted, their types and the
 * SQL they map to. Anything else — an unknown field, operator or sort key, a value of the wrong type —
 * is a 400 naming the offending path. Values are always bound as parameters.
 */
import { searchWords } from '@shop/domain'
import { type SQL, type SQLWrapper, and, or, sql } from 'drizzle-orm'
import { type Static, type TSchema, type TUnsafe, Type } from 'typebox'
import { invalidQuery } from './errors'

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'uuid' | 'money'

export type QueryField = {
  column: SQLWrapper
  type: FieldType
  /** May appear in `$sort`. */
  sort?: boolean
  /** Enables `$q`: trigram (typo tolerant, ranked) or a plain case-insensitive substring. */
  search?: 'trigram' | 'substring'
  /** The column is an array of this element type; equality means "contains". */
  arrayOf?: 'uuid' | 'text'
}

export type QuerySpec = {
  fields: Record<string, QueryField>
  defaultSort: Record<string, 1 | -1>
  /** Tie-breaker appended to every ORDER BY so paging is stable. */
  tieBreaker: SQLWrapper
}

export type ParsedQuery = {
  where: SQL | undefined
  orderBy: SQL[]
  limit: number
  skip: number
  /**
   * The ordering as text (`createdAt:-1`), the same for every query sorted alike, so a repository can
   * reuse a prepared statement for it; null when a search's rank leads the order.
   */
  sortKey: string | null
  /**
   * Every filter is a `$q` search (and there is no `$or`): the values reach the statement only as
   * parameters, so its text depends on which fields are searched and the ordering alone, and a repository
   * may prepare it by that text.
   */
  searchOnly: boolean
}

export const DEFAULT_LIMIT = 20
export const MAX_LIMIT = 100
const MAX_IN = 100
const MAX_STRING = 200
const INT4_MAX = 2_147_483_647
/** A search's words beyond these are ignored: each word adds two index scans to the plan. */
export const MAX_SEARCH_WORDS = 6
/**
 * How near each word of a several-word search must come to the title (pg_trgm word similarity), once one
 * word matched well: "shrt" and "shirt" 0.4, "shoes" and "shirt" 0.33 (decision 85).
 */
const WORD_NEAR_ENOUGH = 0.38
const comparisonOps = ['$gt', '$gte', '$lt', '$lte', '$ne'] as const
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Raw = Record<string, unknown>

function isPlainObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** qs turns `a[0]=x&a[1]=y` into an array, but past its array limit into an object with numeric keys. */
function asList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value
  if (isPlainObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))) return Object.values(value)
  return null
}


function nonNegativeInteger(value: unknown, path: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN
  if (!Number.isInteger(n) || n < 0) invalidQuery(path, 'must be a non-negative integer')
  return n
}

/** Converts one wire value to the bound SQL value for a field. */
function convert(field: QueryField, value: unknown, path: string): string | number | boolean {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    invalidQuery(path, 'must be a single value')
  }
  const text = String(value)
  switch (field.type) {
    case 'string':
      if (text.length > MAX_STRING) invalidQuery(path, `must be at most ${MAX_STRING} characters`)
      return text
    case 'uuid':
      if (!uuidPattern.test(text)) invalidQuery(path, 'must be an id')
      return text.toLowerCase()
    case 'boolean':
      if (text === 'true') return true
      if (text === 'false') return false
      return invalidQuery(path, 'must be true or false')
    case 'number':
    case 'integer':
    case 'money': {
      const n = text.trim() === '' ? NaN : Number(text)
      if (!Number.isFinite(n) || Math.abs(n) > 1e12) invalidQuery(path, 'must be a number')
      if (field.type === 'integer' && !Number.isInteger(n)) invalidQuery(path, 'must be an integer')
      const value = field.type === 'money' ? Math.round(n * 100) : n
      // Integer and money columns are int4: a larger value would be a database error, not an empty page.
      if (field.type !== 'number' && Math.abs(value) > INT4_MAX) invalidQuery(path, 'is out of range')
      return value
    }
    case 'date': {
      const date = /^\d{1,15}$/.test(text) ? new Date(Number(text)) : new Date(text)
      if (Number.isNaN(date.getTime())) invalidQuery(path, 'must be a date (ISO-8601 or milliseconds)')
      const year = date.getUTCFullYear()
      if (year < 1 || year > 9999) invalidQuery(path, 'must be a date between the years 1 and 9999')
      return date.toISOString()
    }
  }
}

function bind(field: QueryField, value: string | number | boolean): SQL {
  return field.type === 'date' ? sql`${value}::timestamptz` : sql`${value}`
}

/** `text` with LIKE's wildcards and escape character escaped, to match as written. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function equality(field: QueryField, value: string | number | boolean): SQL {
  if (field.arrayOf) return sql`${field.column} @> array[${value}]::${sql.raw(field.arrayOf)}[]`
  return sql`${field.column} = ${bind(field, value)}`
}

/**
 * A typo-tolerant title search. One word (or none: punctuation only) as the text itself: a substring or a
 * word similarity over 0.6 (`<%`). Several words: any one of them matches so (the trigram index finds
 * those rows), and every word is in the title or near a word of it; ranked by how near each word is to a
 * whole word of the title (strict word similarity: "shrt" is nearer "shirt" than "shorts"), then by the
 * whole text (its words together, then the title's length), so "kente shrt" finds "Kente print shirt" and
 * puts "Kente shirt" first (decision 85).
 */
function trigramSearch(column: SQLWrapper, text: string, parts: SQL[], ranks: SQL[]) {
  const words = [...new Set(searchWords(text))].slice(0, MAX_SEARCH_WORDS)
  if (words.length < 2) {
    parts.push(sql`(${column} ilike ${`%${escapeLike(text)}%`} or ${text} <% ${column})`)
    ranks.push(sql`word_similarity(${text}, ${column}) desc`)
    return
  }
  const anyWord = words.map((word) => sql`${column} ilike ${`%${escapeLike(word)}%`} or ${word} <% ${column}`)
  const everyWord = words.map(
    (word) => sql`(${column} ilike ${`%${escapeLike(word)}%`} or word_similarity(${word}, ${column}) >= ${sql.raw(String(WORD_NEAR_ENOUGH))})`,
  )
  parts.push(sql`((${sql.join(anyWord, sql` or `)}) and ${sql.join(everyWord, sql` and `)})`)
  ranks.push(sql`(${sql.join(words.map((word) => sql`strict_word_similarity(${word}, ${column})`), sql` + `)}) desc`)
  ranks.push(sql`word_similarity(${text}, ${column}) desc`, sql`similarity(${text}, ${column}) desc`)
}

function fieldCondition(field: QueryField, raw: unknown, path: string, ranks: SQL[]): SQL {
  if (!isPlainObject(raw)) return equality(field, convert(field, raw, path))
  const parts: SQL[] = []
  for (const [op, operand] of Object.entries(raw)) {
    const opPath = `${path}.${op}`
    if (op === '$in' || op === '$nin') {
      const list = asList(operand)
      if (!list) invalidQuery(opPath, 'must be a list')
      if (list.length > MAX_IN) invalidQuery(opPath, `may hold at most ${MAX_IN} values`)
      const values = list.map((v, i) => equality(field, convert(field, v, `${opPath}.${i}`)))
      if (op === '$in') parts.push(values.length ? sql`(${sql.join(values, sql` or `)})` : sql`false`)
      else if (values.length) parts.push(sql`not (${sql.join(values, sql` or `)})`)
    } else if ((comparisonOps as readonly string[]).includes(op)) {
      if (field.arrayOf || field.type === 'boolean' && op !== '$ne') invalidQuery(opPath, 'is not supported for this field')
      const v = bind(field, convert(field, operand, opPath))
      const operator = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=', $ne: '<>' }[op as (typeof comparisonOps)[number]]
      parts.push(sql`${field.column} ${sql.raw(operator)} ${v}`)
    } else if (op === '$q') {
      if (!field.search) invalidQuery(opPath, 'is not supported for this field')
      const text = String(convert({ ...field, type: 'string' }, operand, opPath)).trim()
      if (!text) continue
      if (field.search === 'trigram') trigramSearch(field.column, text, parts, ranks)
      else parts.push(sql`${field.column} ilike ${`%${escapeLike(text)}%`}`)
    } else {
      invalidQuery(opPath, 'is not a supported operator')
    }
  }
  return parts.length ? (and(...parts) as SQL) : sql`true`
}

function filterConditions(spec: QuerySpec, query: Raw, pathPrefix: string, ranks: SQL[]): SQL[] {
  const conditions: SQL[] = []
  for (const [key, value] of Object.entries(query)) {
    const path = pathPrefix ? `${pathPrefix}.${key}` : key
    const field = spec.fields[key]
    if (!field) invalidQuery(path, key.startsWith('$') ? 'is not a supported parameter' : 'is not a filterable field')
    conditions.push(fieldCondition(field, value, path, ranks))
  }
  return conditions
}

/**
 * Parses a Feathers query. `query` must hold only the Feathers part: route-specific parameters (such as
 * `shop`) are taken out by the route before calling this.
 */
export function parseQuery(spec: QuerySpec, query: Raw): ParsedQuery {
  const { $limit, $skip, $sort, $or, ...filters } = query
  const limit = $limit === undefined ? DEFAULT_LIMIT : Math.min(nonNegativeInteger($limit, '$limit'), MAX_LIMIT)
  const skip = $skip === undefined ? 0 : nonNegativeInteger($skip, '$skip')

  const ranks: SQL[] = []
  const conditions = filterConditions(spec, filters, '', ranks)

  if ($or !== undefined) {
    const branches = asList($or)
    if (!branches || branches.length === 0 || branches.length > 20) invalidQuery('$or', 'must be a list of 1 to 20 filters')
    const ors = branches.map((branch, i) => {
      if (!isPlainObject(branch)) invalidQuery(`$or.${i}`, 'must be an object of filters')
      const inner = filterConditions(spec, branch, `$or.${i}`, [])
      return inner.length ? (and(...inner) as SQL) : sql`true`
    })
    conditions.push(or(...ors) as SQL)
  }

  const orderBy: SQL[] = []
  const sortParts: string[] = []
  if ($sort !== undefined) {
    if (!isPlainObject($sort)) invalidQuery('$sort', 'must be an object like $sort[field]=1')
    for (const [key, direction] of Object.entries($sort)) {
      const field = spec.fields[key]
      if (!field?.sort) invalidQuery(`$sort.${key}`, 'is not a sortable field')
      if (direction !== '1' && direction !== '-1' && direction !== 1 && direction !== -1) {
        invalidQuery(`$sort.${key}`, 'must be 1 or -1')
      }
      orderBy.push(sql`${field.column} ${sql.raw(Number(direction) === 1 ? 'asc' : 'desc')}`)
      sortParts.push(`${key}:${Number(direction)}`)
    }
  }
  const ranked = orderBy.length === 0 && ranks.length > 0
  if (orderBy.length === 0) {
    orderBy.push(...ranks)
    for (const [key, direction] of Object.entries(spec.defaultSort)) {
      orderBy.push(sql`${spec.fields[key]!.column} ${sql.raw(direction === 1 ? 'asc' : 'desc')}`)
      sortParts.push(`${key}:${direction}`)
    }
  }
  orderBy.push(sql`${spec.tieBreaker} asc`)

  const where = conditions.length ? (and(...conditions) as SQL) : undefined
  const searchOnly =
    $or === undefined &&
    Object.keys(filters).length > 0 &&
    Object.values(filters).every((value) => isPlainObject(value) && Object.keys(value).every((op) => op === '$q'))
  return { where, orderBy, limit, skip, sortKey: ranked ? null : sortParts.join(','), searchOnly }
}

/**
 * A list route's query as its handler gets it: the named parameters typed (those in `required` always
 * there), everything else (filters, `$limit`, `$sort`, `$or` …) as the translator reads it.
 */
export type FeathersQuery<Params extends Record<string, TSchema>, Required extends keyof Params> = Record<string, unknown> & {
  [K in Required]: Static<Params[K]>
} & { [K in Exclude<keyof Params, Required>]?: Static<Params[K]> }

/** Every query value arrives as text (qs), so numbers, dates and flags are strings on the wire too. */
function valueSchema(field: QueryField): Record<string, unknown> {
  switch (field.type) {
    case 'uuid':
      return { type: 'string', format: 'uuid' }
    case 'boolean':
      return { type: 'string', enum: ['true', 'false'] }
    case 'string':
      return { type: 'string', maxLength: MAX_STRING }
    case 'integer':
      return { type: 'string', description: 'an integer' }
    case 'number':
      return { type: 'string', description: 'a number' }
    case 'money':
      return { type: 'string', description: 'an amount in major units, like 12.50' }
    case 'date':
      return { type: 'string', description: 'an ISO-8601 date or date-time, or milliseconds since 1970' }
  }
}

/**
 * A filterable field as the translator reads it: a value (equality; for a list column, "contains"), or an
 * object of the operators this field supports, written `field[$gte]=10`, `field[$in][]=a`, `field[$q]=text`.
 */
function fieldSchema(name: string, field: QueryField): Record<string, unknown> {
  const value = valueSchema(field)
  const operators: Record<string, unknown> = {
    $in: { type: 'array', items: value, maxItems: MAX_IN, description: 'any of these values' },
    $nin: { type: 'array', items: value, maxItems: MAX_IN, description: 'none of these values' },
  }
  for (const op of comparisonOps) {
    if (!field.arrayOf && (field.type !== 'boolean' || op === '$ne')) operators[op] = value
  }
  if (field.search) {
    operators.$q = {
      type: 'string',
      maxLength: MAX_STRING,
      description: field.search === 'trigram' ? 'search, case-insensitive and typo-tolerant, best matches first' : 'contains this text, case-insensitive',
    }
  }
  const supported = Object.keys(operators).join(', ')
  return {
    description: `${field.type} filter: \`${name}=value\`${field.arrayOf ? ' (the list contains it)' : ''}, or operators (${supported}) as \`${name}[$op]=value\``,
    anyOf: [value, { type: 'object', properties: operators, additionalProperties: false }],
  }
}

/**
 * A JSON schema for a Feathers querystring: documents the fields and rejects unknown top-level keys.
 * `params` are the route's own parameters (the shop, a product …); `fields` replaces the generic schema of
 * a filterable field where the route allows less. Objects are written in qs bracket notation, which the
 * OpenAPI document names `style: deepObject` (plugins/openapi.ts).
 */
export function feathersQuerySchema<
  const Params extends Record<string, TSchema>,
  const Required extends keyof Params & string = never,
>(
  spec: QuerySpec,
  params: Params,
  options: { required?: readonly Required[]; fields?: Record<string, object> } = {},
): TUnsafe<FeathersQuery<Params, Required>> {
  const sortable = Object.entries(spec.fields).filter(([, f]) => f.sort).map(([k]) => k)
  const filters = {
    ...Object.fromEntries(Object.entries(spec.fields).map(([name, f]) => [name, fieldSchema(name, f)])),
    ...options.fields,
  }
  return Type.Unsafe<FeathersQuery<Params, Required>>({
    type: 'object',
    additionalProperties: false,
    properties: {
      ...params,
      ...filters,
      $limit: { type: 'string', pattern: '^\\d+$', description: `page size, at most ${MAX_LIMIT}` },
      $skip: { type: 'string', pattern: '^\\d+$' },
      $sort: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(sortable.map((k) => [k, { type: 'string', enum: ['1', '-1'] }])),
        description: `\`$sort[field]=1\` ascending or \`-1\` descending${sortable.length ? `, by ${sortable.join(', ')}` : ''}`,
      },
      $or: {
        type: 'array',
        minItems: 1,
        maxItems: 20,
        items: { type: 'object', additionalProperties: false, properties: filters },
        description: 'filters any of which may match, written `$or[0][field]=value`, `$or[1][field][$op]=value`',
      },
    },
    ...(options.required?.length ? { required: [...options.required] } : {}),
  })
}

export type { Page } from '@shop/domain/schemas/wire'
