/**
 * The one API client (docs/product.md §7, §8). Relative `/api/...` URLs (the API answers on every host), the stored
 * token as `Authorization: '{token_type} {access_token}'`, credentials included, JSON in and out.
 * Failures are thrown as `ApiError`: docs/product.md §8's generic message, the HTTP status and the Feathers body.
 * The same client runs on the server through the in-process API (see api.server.ts).
 */
import type { ErrorDocument } from '@shop/domain/schemas/wire'
import { readStored, removeStored } from './local-store'

export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    message: string,
    /** HTTP status, or null when no response arrived. */
    readonly status: number | null,
    /** The Feathers error document the API answered with, when it did. */
    readonly body: ErrorDocument | null = null,
  ) {
    super(message)
  }
}

/**
 * The most useful message for a person: the API's own, else the generic one. A server failure adds the
 * request's reference (its `requestId`), so what a merchant reports finds the server's log lines.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.body?.message ?? error.message
    return error.body?.requestId ? `${message} (reference ${error.body.requestId})` : message
  }
  return error instanceof Error ? error.message : 'Something went wrong'
}

export type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue }
export type Query = { [key: string]: QueryValue }

/** Feathers/qs bracket notation: `$sort[createdAt]=-1`, `title[$q]=x`, `$or[0][status]=placed`. */
export function toQueryString(query: Query): string {
  const pairs: string[] = []
  const add = (key: string, value: QueryValue) => {
    if (value === undefined || value === null) return
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item))
    else if (typeof value === 'object') for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item)
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  }
  for (const [key, value] of Object.entries(query)) add(key, value)
  return pairs.join('&')
}

export type TransportInit = { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }
export type Transport = (path: string, init: TransportInit) => Promise<Response>

export type RequestOptions = {
  query?: Query
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Sends a string body as it is, with this type (a CSV file), instead of as JSON. */
  contentType?: string
}

function isFeathersError(value: unknown): value is ErrorDocument {
  const body = value as Partial<ErrorDocument> | null
  return typeof body === 'object' && body !== null && typeof body.message === 'string' && typeof body.code === 'number'
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function createApiClient(transport: Transport, authorization: () => string | null) {
  async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    const search = options.query ? toQueryString(options.query) : ''
    const url = search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
    const raw = options.contentType !== undefined && typeof body === 'string'
    if (body !== undefined) headers['content-type'] = raw ? options.contentType! : 'application/json'
    const auth = authorization()
    if (auth) headers.authorization = auth

    let response: Response
    try {
      response = await transport(url, {
        method,
        headers,
        body: body === undefined ? undefined : raw ? (body as string) : JSON.stringify(body),
        signal: options.signal,
      })
    } catch (error) {
      const aborted = options.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')
      throw new ApiError(aborted ? 'Request aborted' : 'Network Error', null)
    }

    const payload = await readBody(response).catch(() => undefined)
    if (response.status < 200 || response.status > 299) {
      // The stored token is no longer accepted: the session is over (docs/product.md §8, absent user = logged out).
      if (response.status === 401 && auth) removeStored('authCredentials', 'user')
      throw new ApiError(
        `Request failed with status code ${response.status}`,
        response.status,
        isFeathersError(payload) ? payload : null,
      )
    }
    return payload as T
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
    patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
    delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

function storedAuthorization(): string | null {
  const credentials = readStored('authCredentials')
  return credentials ? `${credentials.token_type} ${credentials.access_token}` : null
}

/** The browser's client. */
export const api: ApiClient = createApiClient(
  (path, init) => fetch(path, { ...init, credentials: 'include' }),
  storedAuthorization,
)
