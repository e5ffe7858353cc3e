/**
 * HTTP for refunds and returns (decision 59): POST /api/refunds/ and GET /api/refunds/?shop=&order= (or ?order=&key=).
 * Paystack's refund webhooks arrive on the payments webhook (payments.routes.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Page, Uuid, errorResponse, errorResponses } from '@shop/domain/schemas/wire'
import type { FastifyInstance } from 'fastify'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { refundQuerySpec } from './refund.repository'
import { KeyQuery } from '../orders/orders.schemas'
import { createRefund, listRefundsFor } from './refund.service'
import { RefundCreateBody, RefundResponse } from './refunds.schemas'

const tags = ['payments']
const refundListQuery = feathersQuerySchema(refundQuerySpec, { shop: Uuid, order: Uuid, key: KeyQuery.properties.key })

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/api/refunds/',
    {
      schema: {
        tags,
        operationId: 'createRefund',
        summary: 'Give money back on an order, take returned items back on sale, or both (orders.refund: managers and up)',
        description:
          '`amount` (major units, ≤ 2 decimals) is at most what was paid and not yet refunded (else 409, also under concurrent ' +
          'requests); 0 only with `restock` (a return without money back). `method: "paystack"` refunds one of the order\'s ' +
          'Paystack payments through Paystack\'s Refund API and answers `status: "pending"` until Paystack\'s webhook says ' +
          'processed or failed (502 when Paystack cannot be reached: nothing is recorded); cash, mobile money and bank transfer ' +
          'are recorded as paid (`succeeded`). `restock` puts units back on sale, never more than were sold less earlier ' +
          'returns (409 naming the item). The timeline notes it, the buyer gets an e-mail (and SMS), the staff are told.',
        body: RefundCreateBody,
        response: { 201: RefundResponse, ...errorResponses(400, 401, 403, 404, 409), 502: errorResponse('Paystack unreachable') },
      },
    },
    async (request, reply) => reply.code(201).send(await createRefund(request.ctx, request.body)),
  )

  app.get(
    '/api/refunds/',
    {
      schema: {
        tags,
        operationId: 'listRefunds',
        summary: 'A shop\'s refunds and returns, or one order\'s, newest first (its staff; an order\'s buyer with ?order= and their login or ?key=)',
        description:
          '`shop` (staff with dashboard.view), optionally with `order`; or `order` alone for its buyer (logged in, or the private ' +
          'link\'s `key`), who is not shown who gave a refund nor the staff\'s reference. Filters: status, method; sort by createdAt ' +
          '(default newest first), updatedAt.',
        security: [{}, { bearer: [] }],
        querystring: refundListQuery,
        response: { 200: Page(RefundResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listRefundsFor(request.ctx, request.query),
  )
}
