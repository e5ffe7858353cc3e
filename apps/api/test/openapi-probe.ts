/**
 * Walking the running app's OpenAPI document: its operations, who may call each, and requests built from
 * its schemas, with path and query parameters filled from a shop the caller owns. Shared by the contract test
 * and the fuzz test, so both follow the document rather than a list of routes.
 */
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { accessTokens, categories } from '../src/db/schema'
import { randomToken, sha256 } from '../src/lib/crypto'
import { commerceFixtures } from './commerce-fixtures'
import { insertOrder } from './order-fixtures'
import { type TestContext, type TestUser, createStaffedShop } from './helpers'

export type Schema = {
  type?: string | string[]
  format?: string
  pattern?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  minProperties?: number
  items?: Schema
  minItems?: number
  minimum?: number
  exclusiveMinimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
}

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema }
type Security = Record<string, string[]>[]
export type Operation = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** The document's path, e.g. `/api/products/{id}`. */
  path: string
  parameters: Parameter[]
  security?: Security
  body: Schema | null
  responses: string[]
}
export type Document = { security?: Security; paths: Record<string, Record<string, Omit<Operation, 'method' | 'path' | 'body' | 'responses' | 'parameters'> & { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> }; responses: Record<string, unknown> }>> }

export async function loadDocument(ctx: TestContext): Promise<Document> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`)
  return response.json()
}

export function operations(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: op.parameters ?? [],
        security: op.security,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        responses: Object.keys(op.responses),
      })),
  )
}

/** The OpenAPI rule: the operation's own `security`, else the document's; `{}` among them makes auth optional. */
export function requiresAuth(doc: Document, op: Operation): boolean {
  const security = op.security ?? doc.security ?? []
  return security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0)
}

/** Fields a body must have: the top-level `required`, and those of each `anyOf`/`oneOf` alternative. */
export function requiredFields(schema: Schema): string[] {
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
  return [...new Set([...(schema.required ?? []), ...alternatives.flatMap((alternative) => alternative.required ?? [])])]
}

/** The fields a minimal valid body sends: the top-level `required` plus the first alternative's. */
function minimalFields(schema: Schema): string[] {
  const first = schema.anyOf?.[0] ?? schema.oneOf?.[0]
  return [...new Set([...(schema.required ?? []), ...(first?.required ?? [])])]
}

/** The properties of a body schema, merging those of `oneOf` alternatives (each an object of its own). */
export function bodyProperties(schema: Schema): Record<string, Schema> {
  const first = schema.oneOf?.[0]?.properties
  return { ...(first ?? {}), ...(schema.properties ?? {}) }
}

export type ProbeFixtures = Awaited<ReturnType<typeof probeFixtures>>

/**
 * A shop with staff and a little of everything, plus the values its parameters and fields take by name.
 * `headersOf` gives each request a token of its own, so a probe that logs out spends only that one.
 */
export async function probeFixtures(ctx: TestContext) {
  const staffed = await createStaffedShop(ctx)
  const { shop, owner } = staffed
  const { addProduct, addRate, addCode } = commerceFixtures(ctx, shop.id)
  const db = ctx.database.db
  const product = await addProduct({ title: 'Kente scarf' })
  const rate = await addRate()
  const code = await addCode()
  const [category] = await db.insert(categories).values({ shopId: shop.id, name: 'Scarves' }).returning()
  const delivered = await insertOrder(ctx, { shopId: shop.id, profileId: owner.id, status: 'delivered' })
  const tracking = await ctx.app.inject({ method: 'POST', url: '/api/tracking-ids', payload: {} })
  let counter = 0

  /** Real ids by the collection a path names; any other id is a random one (an unknown thing). */
  const ids: Record<string, string> = {
    shops: shop.id,
    products: product.id,
    categories: category!.id,
    'discount-codes': code.id,
    rates: rate.id,
    orders: delivered.id,
  }
  /** Values of parameters and body fields by their name. */
  const named: Record<string, () => unknown> = {
    shop: () => shop.id,
    client: () => shop.id,
    shopId: () => shop.id,
    product: () => product.id,
    order: () => delivered.id,
    relatedOrder: () => delivered.id,
    profile: () => owner.id,
    trackingId: () => tracking.json().trackingId,
    redir: () => 'http://shops.test',
    domain: () => `${shop.slug}.shops.test`,
    country: () => 'GH',
    region: () => 'GH-AA',
    regions: () => ['GH-AA'],
    currency: () => 'GHS',
    slug: () => `probe-${Date.now().toString(36)}-${counter++}`,
    email: () => `probe-${counter++}@example.com`,
    code: () => `PROBE${counter++}X`,
  }

  async function headersOf(user: TestUser): Promise<Record<string, string>> {
    const token = randomToken()
    await db.insert(accessTokens).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 3_600_000) })
    return { authorization: `Bearer ${token}` }
  }

  return { ...staffed, product, rate, code, category: category!, delivered, ids, named, headersOf }
}

/** A value the schema accepts (deterministic apart from fresh ids), preferring the fixtures' value by name. */
export function exampleOf(schema: Schema | undefined, fixtures: ProbeFixtures, name?: string): unknown {
  if (name && fixtures.named[name]) return fixtures.named[name]()
  if (!schema) return 'example'
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  const alternative = schema.anyOf ?? schema.oneOf
  if (alternative?.length) return exampleOf(alternative.find((s) => s.type !== 'null') ?? alternative[0], fixtures)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'null':
      return null
    case 'boolean':
      return true
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1)
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER)
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => exampleOf(schema.items, fixtures))
    case 'object':
    case undefined:
      if (type === undefined && !schema.properties) return 'example'
      return objectExample(schema, fixtures, schema.required ?? [])
    default:
      return stringExample(schema)
  }
}

function objectExample(schema: Schema, fixtures: ProbeFixtures, fields: string[]): Record<string, unknown> {
  const properties = bodyProperties(schema)
  const chosen = fields.length || !schema.minProperties ? fields : Object.keys(properties).slice(0, schema.minProperties)
  return Object.fromEntries(chosen.map((field) => [field, exampleOf(properties[field], fixtures, field)]))
}

/** A body with only the fields the schema requires (the first alternative's, for `anyOf`/`oneOf`). */
export function minimalBody(schema: Schema, fixtures: ProbeFixtures): Record<string, unknown> {
  return objectExample(schema, fixtures, minimalFields(schema))
}

function stringExample(schema: Schema): string {
  if (schema.format === 'uuid') return randomUUID()
  if (schema.format === 'email') return 'probe@example.com'
  if (schema.format === 'date-time') return new Date(Date.now() + 30 * 86_400_000).toISOString()
  const fits = (text: string) =>
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(text))
  const plain = 'Example text'
  if (fits(plain)) return plain
  if (schema.pattern) {
    const [sample] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)).filter(fits), { numRuns: 1, seed: 42 })
    if (sample !== undefined) return sample
  }
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 1))
}

/** The URL of an operation with its path parameters and required query parameters filled in. */
export function urlOf(op: Operation, fixtures: ProbeFixtures, options: { randomIds?: boolean } = {}): string {
  const collection = op.path.split('/').filter(Boolean).filter((part) => !part.startsWith('{')).at(-1) ?? ''
  let url = op.path
  for (const parameter of op.parameters.filter((p) => p.in === 'path')) {
    const byCollection = parameter.name === 'id' && !options.randomIds ? fixtures.ids[collection] : undefined
    const shopPath = parameter.name === 'id' && ['shops', 'shop-configs'].includes(collection)
    const value = shopPath ? fixtures.shop.id : (byCollection ?? exampleOf(parameter.schema, fixtures, parameter.name))
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)))
  }
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleOf(p.schema, fixtures, p.name)))}`)
  return query.length ? `${url}?${query.join('&')}` : url
}
