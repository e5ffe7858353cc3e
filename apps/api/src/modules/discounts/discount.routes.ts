/** HTTP for discount codes (docs/product.md §7 /api/discount-codes/): the public exact lookup, and staff list and edits. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import { IdParams, Page, Uuid, errorResponses } from '@shop/domain/schemas/wire'
import { TooManyRequests } from '../../lib/errors'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { discountCodeQuerySpec } from './discount-code.repository'
import {
  DiscountCodeCreateBody,
  DiscountCodeListItem,
  DiscountCodePatchBody,
  DiscountCodeResponse,
} from './discount.schemas'
import { createDiscountCode, findDiscountCodes, getDiscountCode, patchDiscountCode } from './discount.service'

const tags = ['discounts']

const listQuery = feathersQuerySchema(
  discountCodeQuerySpec,
  { shop: Uuid },
  {
    required: ['shop'],
    fields: {
      // A plain value is the public exact lookup; staff search with code[$q].
      code: {
        anyOf: [
          { type: 'string', maxLength: 100 },
          { type: 'object', properties: { $q: { type: 'string', maxLength: 100 } }, required: ['$q'], additionalProperties: false },
        ],
      },
    },
  },
)

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  // Per IP, against guessing codes; shared by every process through the rate-limit store.
  const lookupLimit = app.createRateLimit({
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (request) => `discount-lookup:${request.ip}`,
  })
  async function limitLookups(request: FastifyRequest<{ Querystring: Static<typeof listQuery> }>) {
    if (typeof request.query.code !== 'string') return
    const result = await lookupLimit(request)
    if (!result.isAllowed && result.isExceeded) throw TooManyRequests('Too many discount code lookups. Please wait a minute and try again.')
  }

  app.get(
    '/api/discount-codes/',
    {
      preHandler: limitLookups,
      schema: {
        tags,
        operationId: 'listDiscountCodes',
        summary: 'Look up one code (public), or list the shop\'s codes (discounts.manage)',
        description:
          'With `code=X&shop=Y` (nothing else): the code, ignoring case, as `{_id, code, type, value, minSubtotal, ' +
          'expiresAt}` if it can be used now, else an empty list; rate limited per IP. Without `code` (or with ' +
          '`code[$q]`): the staff listing, filters `active`, `type`, sorts `createdAt` (default newest first), ' +
          '`expiresAt`, `usedCount`, `code`.',
        // Anonymous for the lookup, a bearer token for the listing.
        security: [{}, { bearer: [] }],
        querystring: listQuery,
        response: { 200: Page(DiscountCodeListItem), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => findDiscountCodes(request.ctx, request.query),
  )

  app.get(
    '/api/discount-codes/:id',
    {
      schema: {
        tags,
        operationId: 'getDiscountCode',
        summary: 'One discount code (discounts.manage)',
        params: IdParams,
        response: { 200: DiscountCodeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getDiscountCode(request.ctx, request.params.id),
  )

  app.post(
    '/api/discount-codes/',
    {
      schema: {
        tags,
        operationId: 'createDiscountCode',
        summary: 'Create a discount code (discounts.manage); a code the shop already has, in any case, is a 409',
        body: DiscountCodeCreateBody,
        response: { 201: DiscountCodeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createDiscountCode(request.ctx, request.body)),
  )

  app.patch(
    '/api/discount-codes/:id',
    {
      schema: {
        tags,
        operationId: 'updateDiscountCode',
        summary: 'Change a discount code, or deactivate it with active:false (discounts.manage)',
        params: IdParams,
        body: DiscountCodePatchBody,
        response: { 200: DiscountCodeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => patchDiscountCode(request.ctx, request.params.id, request.body),
  )
}
