/** HTTP for delivery (docs/product.md §7 /delivery/*): regions, a shop's rates, and the fee calculation. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { IdParams, Page, errorResponses } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { rateQuerySpec } from './delivery.repository'
import {
  CalculateBody,
  CalculationResponse,
  RateCreateBody,
  RatePatchBody,
  RateResponse,
  RegionListQuery,
  RegionResponse,
} from './delivery.schemas'
import { type RateVisibility, calculateDelivery, createRate, listCountryRegions, listShopRates, patchRate } from './delivery.service'

const tags = ['delivery']

const rateListQuery = feathersQuerySchema(
  rateQuerySpec,
  {
    client: Type.String({ format: 'uuid', description: 'the shop id' }),
    active: Type.Unsafe<RateVisibility>({
      type: 'string',
      enum: ['true', 'false', 'all'],
      description: 'true (default, public): active rates; false or all: staff with settings.manage only',
    }),
  },
  { required: ['client'] },
)

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/delivery/regions/',
    {
      config: { publicRead: true },
      schema: {
        tags,
        operationId: 'listDeliveryRegions',
        summary: 'The delivery regions of a country, sorted by name (all of them, one page)',
        security: [],
        querystring: RegionListQuery,
        response: { 200: Page(RegionResponse), ...errorResponses(400) },
      },
    },
    async (request) => listCountryRegions(request.ctx, request.query.country),
  )

  app.get(
    '/delivery/rates/',
    {
      config: { publicRead: true },
      schema: {
        tags,
        operationId: 'listDeliveryRates',
        summary: "A shop's delivery rates, cheapest first",
        description:
          'Public: the active rates of the shop named by `client`. Staff with settings.manage (administrator, ' +
          'owner) may pass `active=false` (inactive rates only) or `active=all`; anyone else asking for those ' +
          'gets 401/404/403. Also filters `name[$q]`, `regions` (covers a region), `paymentOption`, sorts on ' +
          '`name`, `rate.value`, `createdAt`.',
        security: [{}, { bearer: [] }],
        querystring: rateListQuery,
        response: { 200: Page(RateResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { client, active, ...query } = request.query
      return listShopRates(request.ctx, client, active ?? 'true', query)
    },
  )

  app.post(
    '/delivery/rates/',
    {
      schema: {
        tags,
        operationId: 'createDeliveryRate',
        summary: 'Create a delivery rate (settings.manage)',
        body: RateCreateBody,
        response: { 201: RateResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await createRate(request.ctx, request.body)),
  )

  app.patch(
    '/delivery/rates/:id',
    {
      schema: {
        tags,
        operationId: 'updateDeliveryRate',
        summary: 'Change a delivery rate, or deactivate it with active:false (settings.manage)',
        params: IdParams,
        body: RatePatchBody,
        response: { 200: RateResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => patchRate(request.ctx, request.params.id, request.body),
  )

  app.post(
    '/delivery/calculate',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        operationId: 'calculateDelivery',
        summary: "The shop's active rates that deliver to a region, cheapest first, with their fees",
        description: 'Items are checked for shape only; the fee is the rate\'s value. An unknown region is a 400.',
        security: [],
        body: CalculateBody,
        response: { 200: CalculationResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => calculateDelivery(request.ctx, request.body),
  )
}
