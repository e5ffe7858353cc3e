/** HTTP for tracking ids, analytics events, the dashboard's daily visits and sales charts and its overview. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import {
  ShopOverviewParams,
  ShopOverviewQuery,
  type ShopOverviewQueryInput,
  ShopOverviewResponse,
} from '@shop/domain/schemas/overview'
import { errorResponses } from '@shop/domain/schemas/wire'
import {
  EventBody,
  EventQuery,
  EventResponse,
  MAX_EVENT_BODY_BYTES,
  SalesParams,
  SalesQuery,
  SalesResponse,
  TrackingIdBody,
  TrackingIdResponse,
  VisitsQuery,
  VisitsResponse,
} from './analytics.schemas'
import { createTrackingId, recordEvent, salesByDay, shopOverview, visitsByDay } from './analytics.service'

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/api/tracking-ids',
    {
      bodyLimit: 1024,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['analytics'],
        operationId: 'createTrackingId',
        summary: 'A new anonymous tracking id for analytics events, valid for maxAge seconds',
        security: [],
        body: TrackingIdBody,
        response: { 201: TrackingIdResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await createTrackingId(request.ctx)),
  )

  app.post(
    '/api/analytics',
    {
      bodyLimit: MAX_EVENT_BODY_BYTES,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['analytics'],
        operationId: 'recordAnalyticsEvent',
        summary: 'Record an event; an unknown or expired tracking id is a 401 (renew it and retry once)',
        security: [],
        querystring: EventQuery,
        body: EventBody,
        response: { 201: EventResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await recordEvent(request.ctx, request.query.trackingId, request.body)),
  )

  app.get(
    '/api/analytics-aggregator/',
    {
      schema: {
        tags: ['analytics'],
        operationId: 'getVisits',
        summary: 'Daily visits and distinct visitors of a shop, every day of the range (dashboard.view)',
        querystring: VisitsQuery,
        response: { 200: VisitsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => visitsByDay(request.ctx, request.query),
  )

  app.get(
    '/api/sales/:shopId',
    {
      schema: {
        tags: ['analytics'],
        operationId: 'getSales',
        summary: 'Daily sales (non-canceled order totals) and order counts, every day of the range (dashboard.view)',
        params: SalesParams,
        querystring: SalesQuery,
        response: { 200: SalesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => salesByDay(request.ctx, request.params.shopId, request.query),
  )

  app.get<{ Params: { shopId: string }; Querystring: ShopOverviewQueryInput }>(
    '/api/shop-overview/:shopId',
    {
      schema: {
        tags: ['analytics'],
        operationId: 'getShopOverview',
        summary: "A period's sales, orders, average order value, conversion and top products, and the shop's to-do list (dashboard.view)",
        params: ShopOverviewParams,
        querystring: ShopOverviewQuery,
        response: { 200: ShopOverviewResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => shopOverview(request.ctx, request.params.shopId, request.query),
  )
}
