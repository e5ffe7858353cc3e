/**
 * A client that follows the API's OpenAPI document (`/api/docs/openapi.json`) the way one generated from it
 * does, and has every exchange checked by an OpenAPI 3.1 validator (openapi-backend, its schemas compiled
 * with Ajv's JSON Schema 2020-12 dialect, as OpenAPI 3.1 has them):
 *
 * - the operation is found by its method and its path exactly as the caller writes it (a trailing slash
 *   included), or the call fails as undocumented;
 * - query parameters are written as each one's `style` and `explode` say (OpenAPI's default, form with
 *   explode, writes an object as its bare `key=value` pairs; `deepObject` as `name[key]=value`, nested
 *   objects and lists in the same brackets); a parameter the operation does not list is a failure;
 * - the request (path, query, headers, body and its media type) must match the document, and so must the
 *   response: a documented status, a documented media type and, for JSON, that status's schema.
 */
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { OpenAPIBackend } from 'openapi-backend'
import type { TestContext } from './helpers'

export type QueryValue = string | number | boolean | QueryValue[] | { [key: string]: QueryValue }

type Parameter = { name: string; in: string; style?: string; explode?: boolean; required?: boolean; schema?: unknown }
type MediaTypes = Record<string, { schema?: unknown }>
type Operation = {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: MediaTypes }
  responses: Record<string, { content?: MediaTypes }>
}
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> }

export type FilePart = { filename: string; contentType: string; data: Buffer }

export type ApiCall = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** The path as the caller writes it (docs/product.md §7), `{name}` for each path parameter. */
  path: string
  params?: Record<string, string>
  query?: Record<string, QueryValue>
  /** A JSON body. */
  body?: unknown
  /** A multipart/form-data body: fields and files. */
  multipart?: Record<string, string | FilePart>
  headers?: Record<string, string>
}

/** What a call gives back: the status, the body as the caller's type `T` says, and the URL it went to. */
// Not an answer of the API but the wrapper around one, whose body the caller types with the domain's type.
// eslint-disable-next-line no-restricted-syntax
export type ApiAnswer<T> = { status: number; body: T; url: string }

const encode = encodeURIComponent

/** `name=value` pairs for one query parameter, written as its style and explode say. */
export function serializeParameter(parameter: Parameter, value: QueryValue): string[] {
  const style = parameter.style ?? 'form'
  const explode = parameter.explode ?? style === 'form'
  if (typeof value !== 'object') return [`${encode(parameter.name)}=${encode(String(value))}`]
  if (style === 'deepObject') return bracketed(encode(parameter.name), value)
  const entries: [string, QueryValue][] = Array.isArray(value) ? value.map((item) => [parameter.name, item]) : Object.entries(value)
  if (style === 'form' && explode) return entries.map(([key, item]) => `${encode(key)}=${encode(String(item))}`)
  const flat = Array.isArray(value) ? value.map(String) : Object.entries(value).flatMap(([key, item]) => [key, String(item)])
  return [`${encode(parameter.name)}=${flat.map(encode).join(',')}`]
}

function bracketed(prefix: string, value: QueryValue): string[] {
  if (typeof value !== 'object') return [`${prefix}=${encode(String(value))}`]
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value)
  return entries.flatMap(([key, item]) => bracketed(`${prefix}[${encode(key)}]`, item))
}

const template = (path: string) => path.replace(/\{[^}]+\}/g, '{}')
const parameterNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)
const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase()

function multipartBody(parts: Record<string, string | FilePart>, boundary: string): Buffer {
  const chunks: Buffer[] = []
  for (const [name, part] of Object.entries(parts)) {
    const head =
      typeof part === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`
    chunks.push(Buffer.from(head), typeof part === 'string' ? Buffer.from(part) : part.data, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

export async function documentClient(ctx: TestContext) {
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
  if (answer.statusCode !== 200) throw new Error(`openapi.json answered ${answer.statusCode}`)
  const document = answer.json<OpenApiDocument>()
  const validator = new OpenAPIBackend({
    definition: structuredClone(document) as never,
    // openapi-backend's own check of the document knows OpenAPI 3.0 only (Redocly's lint checks it as 3.1);
    // quick mode skips it and compiles each operation's validators when first used.
    quick: true,
    strict: true,
    ignoreTrailingSlashes: false,
    customizeAjv: (_draft07, options) => {
      const ajv = new Ajv2020({ ...options, strict: false, allErrors: true })
      addFormats(ajv)
      return ajv
    },
  })
  await validator.init()

  function operationOf(method: string, path: string): { path: string; operation: Operation } | null {
    for (const [documented, item] of Object.entries(document.paths)) {
      const operation = item[method.toLowerCase()]
      if (operation && template(documented) === template(path)) return { path: documented, operation }
    }
    return null
  }

  /** Makes the call; throws, naming every way the request or the response departs from the document. */
  async function call<T = unknown>(request: ApiCall): Promise<ApiAnswer<T>> {
    const label = `${request.method} ${request.path}`
    const found = operationOf(request.method, request.path)
    if (!found) throw new Error(`${label} is not in the OpenAPI document`)
    const { operation } = found
    const problems: string[] = []

    // The URL a generated client would build.
    const names = parameterNames(request.path)
    let path = request.path
    for (const name of names) path = path.replace(`{${name}}`, encode(request.params?.[name] ?? ''))
    const pairs: string[] = []
    for (const [name, value] of Object.entries(request.query ?? {})) {
      const parameter = operation.parameters?.find((p) => p.in === 'query' && p.name === name)
      if (!parameter) {
        problems.push(`the query parameter ${name} is not documented`)
        pairs.push(...serializeParameter({ name, in: 'query' }, value))
      } else {
        pairs.push(...serializeParameter(parameter, value))
      }
    }
    const query = pairs.join('&')
    const url = query ? `${path}?${query}` : path

    const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
    let payload: string | Buffer | undefined
    let validatedBody: unknown
    if (request.multipart) {
      const boundary = `----openapi-client-${Math.random().toString(16).slice(2)}`
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`
      payload = multipartBody(request.multipart, boundary)
      validatedBody = Object.fromEntries(Object.entries(request.multipart).map(([name, part]) => [name, typeof part === 'string' ? part : part.data.toString('latin1')]))
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(request.body)
      validatedBody = request.body
    }
    const sentType = mediaTypeOf(headers['content-type'])
    const bodyTypes = Object.keys(operation.requestBody?.content ?? {})
    if (sentType && !bodyTypes.includes(sentType)) {
      problems.push(`the request body is ${sentType}; the document lists ${bodyTypes.join(', ') || 'no request body'}`)
    }
    if (!sentType && operation.requestBody?.required) problems.push('the document requires a request body')
    const checked = validator.validateRequest(
      { method: request.method, path, query, headers, ...(validatedBody === undefined ? {} : { body: validatedBody as object }) },
      operation.operationId,
    )
    for (const error of checked.errors ?? []) problems.push(`request ${error.instancePath || '/'} ${error.message ?? error.keyword}`)

    const response = await ctx.app.inject({ method: request.method, url, headers, ...(payload === undefined ? {} : { payload }) })
    const status = String(response.statusCode)
    const documented = operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default
    const receivedType = mediaTypeOf(response.headers['content-type'] as string | undefined)
    let body: unknown = response.body
    if (!documented) {
      problems.push(`the status ${status} is not documented (${Object.keys(operation.responses).join(', ')})`)
    } else if (!documented.content) {
      if (response.body !== '') problems.push(`the status ${status} documents no content, but the response has some`)
    } else if (!documented.content[receivedType]) {
      problems.push(`the response is ${receivedType || 'untyped'}; the document lists ${Object.keys(documented.content).join(', ')}`)
    }
    if (receivedType === 'application/json') {
      body = response.json()
      const result = validator.validateResponse(body, operation.operationId, response.statusCode)
      for (const error of result.errors ?? []) problems.push(`response ${error.instancePath || '/'} ${error.message ?? error.keyword}`)
    }
    if (problems.length) {
      throw new Error(`${label} (${url}) → ${status} departs from the OpenAPI document:\n- ${problems.join('\n- ')}\n${response.body.slice(0, 500)}`)
    }
    return { status: response.statusCode, body: body as T, url }
  }

  return { document, validator, operationOf, call }
}
