/**
 * Security headers on every answer, from helmet, with a strict content security policy:
 *
 * - scripts only from this origin, plus the inline ones carrying this answer's nonce (the scripts React
 *   Router's server rendering emits; apps/web's entry.server and root.tsx put the nonce on them);
 * - styles from this origin, plus inline <style> elements carrying the nonce (the login and pay pages);
 * - images from this origin, data: URLs and the origin stored files are served from (a bucket or CDN); fetches to this origin only (the web app calls the API on
 *   the host it was served from);
 * - forms submit to this origin only, unless a page allows one more target (the login page: its form's
 *   redirect to the shop it logs in to counts for form-action);
 * - never framed, no <base> elsewhere, no plugins.
 *
 * Per-answer parts (the nonce, extra form targets) are directive functions reading the answer's state, so
 * a page that adds a form target has helmet send the same policy again (`allowFormTarget`). A route may
 * change some headers with `config: { securityHeaders }` (the pay page's referrer policy).
 *
 * helmet's middleware is built once for the app and once for each route with headers of its own, and run on
 * every answer: built per answer (as `@fastify/helmet` does), it parsed the whole policy every time, about
 * a tenth of the CPU of a storefront's product list.
 */
import { randomFillSync } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyContextConfig, FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { Storage } from '../lib/storage'
import { requestHost } from '../modules/shops/shop-host'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Security headers of this route's own, over the app's. */
    securityHeaders?: HelmetOptions
  }
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void

/**
 * The answer's nonce, the form targets it allows, the helmet middleware of its route, and the HSTS header
 * of the platform's own hosts (with includeSubDomains) when it is one of them.
 */
type AnswerState = { nonce: string; formTargets: string[]; headers?: Middleware; platformHsts?: string }

const answers = new WeakMap<ServerResponse, AnswerState>()

const NONCE_BYTES = 18
/** Random bytes for 256 nonces, filled again when used up: one call into the system's generator per 256 answers. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256)
let nonceOffset = noncePool.length

/** A new nonce: 18 random bytes (144 bits) in base64, never used before. */
function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool)
    nonceOffset = 0
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES)
  nonceOffset += NONCE_BYTES
  return nonce
}

function stateOf(res: ServerResponse): AnswerState {
  let state = answers.get(res)
  if (!state) {
    state = { nonce: newNonce(), formTargets: [] }
    answers.set(res, state)
  }
  return state
}

/** The nonce of this answer's inline scripts and styles (new for every answer). */
export function cspNonce(reply: FastifyReply): string {
  return stateOf(reply.raw).nonce
}

/**
 * Lets this answer's forms submit, or be redirected, to `origin` as well as to this origin, and sends the
 * policy again. `origin` must be one the caller has checked (a known shop's or the platform's).
 */
export function allowFormTarget(reply: FastifyReply, origin: string): void {
  const { formTargets } = stateOf(reply.raw)
  const target = new URL(origin).origin
  if (!formTargets.includes(target)) formTargets.push(target)
  sendHeaders(reply)
}

/** Sets the security headers of the answer's route on it (again, when they are set already). */
function sendHeaders(reply: FastifyReply): void {
  const state = stateOf(reply.raw)
  state.headers?.(reply.request.raw, reply.raw, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error))
  })
  if (state.platformHsts) reply.raw.setHeader('strict-transport-security', state.platformHsts)
}

const HSTS_MAX_AGE = 31_536_000

/**
 * On HTTPS, the platform's own hosts (its root domain and every `{slug}.` below it, all served by the
 * platform) tell browsers to use HTTPS for every subdomain too, so no shop's address is ever tried in clear.
 * Null elsewhere: a custom domain may be a merchant's apex, whose other subdomains the platform does not run.
 */
function platformHstsFor(config: { platformUrl: string; rootDomain: string }): (host: string | undefined) => string | null {
  if (new URL(config.platformUrl).protocol !== 'https:') return () => null
  const header = `max-age=${HSTS_MAX_AGE}; includeSubDomains`
  return (raw) => {
    const host = requestHost(raw)
    return host && (host === config.rootDomain || host.endsWith(`.${config.rootDomain}`)) ? header : null
  }
}

const nonceSource = (_req: unknown, res: ServerResponse) => `'nonce-${stateOf(res).nonce}'`
const formTargets = (_req: unknown, res: ServerResponse) => stateOf(res).formTargets.join(' ')

/** The origin of the stored files when they are served from another one (a bucket, a CDN). */
function storedFilesOrigin(storage: Storage): string[] {
  const url = storage.publicUrl('probe')
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : []
}

export const contentSecurityPolicy = (storage: Storage) => ({
  // Every directive is listed here: helmet's defaults would add upgrade-insecure-requests, which breaks a
  // platform served over plain HTTP (the default on localhost).
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    scriptSrc: ["'self'", nonceSource],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", nonceSource],
    // blob: for the dashboard's preview of a picture being uploaded, and for images only.
    imgSrc: ["'self'", 'data:', 'blob:', ...storedFilesOrigin(storage)],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    formAction: ["'self'", formTargets],
  },
})

/**
 * The policy of the OpenAPI browser (Swagger UI), from the one `header` holds: its scripts come from this
 * origin only (no inline script runs there, so no nonce), and it adds <style> elements as it runs, so its
 * pages, and only they, allow inline styles.
 */
export function docsPolicy(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const name = directive.split(/\s+/)[0]
      if (name === 'script-src') return "script-src 'self'"
      if (name === 'style-src') return "style-src 'self' 'unsafe-inline'"
      return directive
    })
    .join(';')
}

export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const options: HelmetOptions = {
      contentSecurityPolicy: contentSecurityPolicy(app.storage),
      frameguard: { action: 'deny' },
      // Full addresses (a private order link's key) stay on this origin; other sites see the origin only.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // A shop may use its apex domain: including subdomains there would force HTTPS on sites it does not run.
      // The platform's own hosts include them (platformHstsFor).
      strictTransportSecurity: { maxAge: HSTS_MAX_AGE, includeSubDomains: false },
      // Product images may be shown by other sites; API answers with private data need a bearer token,
      // which a no-cors request never carries.
      crossOriginResourcePolicy: false,
    }
    const shared = helmet(options)
    const routeOwn = new WeakMap<HelmetOptions, Middleware>()
    const headersOf = (config: FastifyContextConfig): Middleware => {
      const own = config.securityHeaders
      if (!own) return shared
      let middleware = routeOwn.get(own)
      if (!middleware) routeOwn.set(own, (middleware = helmet({ ...options, ...own } as HelmetOptions)))
      return middleware
    }
    const platformHsts = platformHstsFor(app.config)
    app.addHook('onRequest', (request, reply, done) => {
      const state = stateOf(reply.raw)
      state.headers = headersOf(request.routeOptions.config)
      state.platformHsts = platformHsts(request.headers.host) ?? undefined
      sendHeaders(reply)
      done()
    })
  },
  { name: 'security-headers' },
)
