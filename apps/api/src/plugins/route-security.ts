/**
 * The route schemas say who may call each route, and the OpenAPI document publishes it: a route without its
 * own `security` inherits the document's `[{bearer: []}]` (a user is required), `security: []` is public,
 * and a list holding `{}` (`[{}, {bearer: []}]`) makes the token optional. This plugin makes the running API
 * say the same, in one place:
 *
 * - a route that needs a user answers 401 to an anonymous caller in its onRequest hooks, after the auth
 *   plugin has looked the token up and before the body is read or validated;
 * - each documented route lists the errors every route can give: 400 (the input guard refuses unstorable
 *   text in any parameter, query or header), 401 where a user is required, 413 where a body is taken.
 *
 * Registered before the routes (onRoute hooks only see routes added after them) and before the OpenAPI
 * plugin, so the document is built from the completed schemas.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { NotAuthenticated } from '../lib/errors'
import { errorResponses } from '@shop/domain/schemas/wire'

type SecurityRequirement = Record<string, string[]>

/** The document's default: a bearer token. */
export const documentSecurity: SecurityRequirement[] = [{ bearer: [] }]

type RouteSchema = { hide?: boolean; security?: SecurityRequirement[]; body?: unknown; consumes?: string[]; response?: Record<string, unknown> }

/** Whether a route's schema makes a user required: not hidden, and no requirement in its list is empty. */
export function requiresUser(schema: RouteSchema | undefined): boolean {
  if (schema?.hide) return false
  const security = schema?.security ?? documentSecurity
  return security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0)
}

async function requireCaller(request: FastifyRequest): Promise<void> {
  if (!request.ctx.actor.user) throw NotAuthenticated()
}

/** A route option's hook or hooks as a list. */
export const hookList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks])

function addDocumentedErrors(schema: RouteSchema): RouteSchema {
  const codes = [400]
  if (requiresUser(schema)) codes.push(401)
  if (schema.body !== undefined || schema.consumes?.length) codes.push(413)
  const response = schema.response ?? {}
  const missing = codes.filter((code) => response[code] === undefined && response[String(code)] === undefined)
  if (!missing.length) return schema
  return { ...schema, response: { ...response, ...errorResponses(...missing) } }
}

export default fp(async function routeSecurity(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as RouteSchema | undefined
    if (schema?.hide) return
    if (requiresUser(schema)) {
      const onRequest = hookList(route.onRequest)
      if (!onRequest.includes(requireCaller)) route.onRequest = [...onRequest, requireCaller]
    }
    route.schema = addDocumentedErrors(schema ?? {})
  })
})
