/** HTTP for "tell me when it's back": a shopper subscribes and unsubscribes; staff read how many wait. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import {
  StockAlertBody,
  StockAlertKeyQuery,
  StockAlertResponse,
  StockAlertWaitingQuery,
  StockAlertWaitingResponse,
} from '@shop/domain/schemas/stock-alerts'
import { IdParams, errorResponses } from '@shop/domain/schemas/wire'
import { stockAlertsWaiting, subscribeStockAlert, unsubscribeStockAlert } from './stock-alert.service'

const tags = ['catalog']
const noContent = Type.Unsafe<void>({ type: 'null' })

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/api/stock-alerts/',
    {
      bodyLimit: 2048,
      // Public, and each alert is a message to someone later: a few per minute from one address.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        operationId: 'subscribeStockAlert',
        summary: 'Tell a phone (SMS) or an e-mail once when a sold-out variant is back; the same contact and variant is one alert (409 when in stock)',
        security: [],
        body: StockAlertBody,
        response: { 201: StockAlertResponse, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await subscribeStockAlert(request.ctx, request.body)),
  )

  app.delete(
    '/api/stock-alerts/:id',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        operationId: 'unsubscribeStockAlert',
        summary: 'Unsubscribe with the key of the back-in-stock message: removes the alert and the contact\'s other waiting alerts in the shop',
        security: [],
        params: IdParams,
        querystring: StockAlertKeyQuery,
        response: { 204: noContent, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await unsubscribeStockAlert(request.ctx, request.params.id, request.query.key)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/stock-alerts/',
    {
      schema: {
        tags,
        operationId: 'countStockAlerts',
        summary: 'Staff (dashboard.view): how many shoppers wait per variant of a product',
        querystring: StockAlertWaitingQuery,
        response: { 200: StockAlertWaitingResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => stockAlertsWaiting(request.ctx, request.query.product),
  )
}
