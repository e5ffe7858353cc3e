/** The OpenAPI 3.1 document, generated from the route schemas, and a browsable UI at /api/docs. */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { documentSecurity } from './route-security'
import { docsPolicy } from './security-headers'

export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.providerName} API`,
        version: '1.0.0',
        license: { name: 'MIT', identifier: 'MIT' },
        description:
          'Multi-tenant shop API. Lists use the Feathers query syntax ($limit, $skip, $sort, $or, $in, $q …) and answer {total, limit, skip, data}. Errors answer {name, message, code, className, errors?}.',
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
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    transformStaticCSP: (header: string) => docsPolicy(header),
  })
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger())
})
