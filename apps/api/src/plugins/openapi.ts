/** The OpenAPI 3.1 document, generated from the route schemas, and a browsable UI at /api/docs. */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifySchema } from 'fastify'
import fp from 'fastify-plugin'
import { documentSecurity } from './route-security'
import { docsPolicy } from './security-headers'

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The body of a route whose handler reads it itself (a multipart upload), for the OpenAPI document
     * only: it becomes the operation's request body there, and nothing validates requests against it.
     */
    documentedBody?: object
  }
}

type JsonSchema = { type?: string | string[]; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] }
type Parameter = { in?: string; schema?: JsonSchema; style?: string; explode?: boolean }

/** A value of this schema may be an object: itself, one of its alternatives, or a list of them. */
function holdsObjects(schema: JsonSchema | undefined): boolean {
  if (!schema) return false
  if ([schema.type].flat().includes('object')) return true
  if (schema.type === 'array') return holdsObjects(schema.items)
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(holdsObjects)
}

/**
 * The querystring is read by qs, in bracket notation (`$sort[price.value]=1`, `price.value[$gte]=10`,
 * `$or[0][status]=placed`): OpenAPI's `deepObject`. Without it a client generated from the document writes
 * an object in the default `form` style, as its bare `key=value` pairs, which the API reads as other
 * parameters altogether.
 */
function writeObjectsAsDeepObjects<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, { parameters?: Parameter[] }>> }).paths ?? {}
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && holdsObjects(parameter.schema)) Object.assign(parameter, { style: 'deepObject', explode: true })
      }
    }
  }
  return document
}

export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.providerName} API`,
        version: '1.0.0',
        license: { name: 'MIT', identifier: 'MIT' },
        description:
          'Multi-tenant shop API. Lists use the Feathers query syntax ($limit, $skip, $sort, $or, $in, $q …) in qs bracket ' +
          'notation (`style: deepObject`: `$sort[createdAt]=-1`, `price.value[$gte]=10`, `title[$q]=scarf`, ' +
          '`$or[0][status]=placed`) and answer {total, limit, skip, data}. Errors answer {name, message, code, className, errors?}. ' +
          'A trailing slash is optional on every path: `/api/products/` and `/api/products` are the same operation, listed once.',
      },
      // The platform's host and every shop's host answer the same API, so the server is the one the
      // document was fetched from.
      servers: [{ url: '/', description: 'the platform’s host or a shop’s host' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      // Routes without their own `security` need a user; plugins/route-security.ts enforces the same.
      security: documentSecurity,
    },
    hideUntagged: false,
    // `schema` is undefined for a route declared without one (a plugin's own).
    transform: ({ schema, url }: { schema: FastifySchema | undefined; url: string }) => {
      const { documentedBody, ...rest }: FastifySchema = schema ?? {}
      return { schema: documentedBody ? { ...rest, body: documentedBody } : rest, url }
    },
    transformObject: (document) => writeObjectsAsDeepObjects('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    transformStaticCSP: (header: string) => docsPolicy(header),
  })
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger())
})
