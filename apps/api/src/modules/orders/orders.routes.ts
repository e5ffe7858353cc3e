/** HTTP for checkouts and orders (SPEC §7 /api/checkouts/, /api/orders/): schemas and one call per handler. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { IdParams, Page, Uuid, errorResponses } from '@shop/domain/schemas/wire'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { checkoutQuerySpec } from './checkout.repository'
import { createCheckout, getCheckout, listOwnCheckouts } from './checkout.service'
import { orderQuerySpec } from './order.repository'
import { changeOrderStatus, getOrder, listShopOrders } from './order.service'
import {
  CheckoutCreateBody,
  CheckoutResponse,
  EmptyQuery,
  IdempotencyHeaders,
  KeyQuery,
  OrderCreateBody,
  OrderPatchBody,
  OrderResponse,
  PlaceQuery,
} from './orders.schemas'
import type { OrderPayments } from './order-payments'
import { placeOrder } from './place-order'
import { limitPlacement } from './placement-limits'

const checkoutListQuery = feathersQuerySchema(checkoutQuerySpec, { profile: Uuid, shop: Uuid }, { required: ['profile', 'shop'] })
const orderListQuery = feathersQuerySchema(orderQuerySpec, { shop: Uuid, profile: Uuid })

/** `payments`: how placing an order opens and starts its payment (payments implements it; app.ts passes it). */
export default async function routes(fastify: FastifyInstance, options: { payments: OrderPayments }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { payments } = options

  // ---------------------------------------------------------------- checkouts
  app.post(
    '/api/checkouts/',
    {
      preHandler: async (request) => limitPlacement(request.ctx, 'checkout', request.query),
      schema: {
        tags: ['checkouts'],
        operationId: 'createCheckout',
        summary: 'Price a cart into a shareable checkout (anyone; email required when anonymous)',
        security: [{}, { bearer: [] }],
        querystring: PlaceQuery,
        body: CheckoutCreateBody,
        response: { 201: CheckoutResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await createCheckout(request.ctx, request.query, request.body)),
  )

  app.get(
    '/api/checkouts/:id',
    {
      schema: {
        tags: ['checkouts'],
        operationId: 'getCheckout',
        summary: 'A checkout by its (unguessable) id; contact details only for its creator',
        security: [{}, { bearer: [] }],
        params: IdParams,
        querystring: EmptyQuery,
        response: { 200: CheckoutResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => getCheckout(request.ctx, request.params.id),
  )

  app.get(
    '/api/checkouts/',
    {
      schema: {
        tags: ['checkouts'],
        operationId: 'listCheckouts',
        summary: 'The caller\'s own checkouts in a shop (profile must be the caller), newest first',
        querystring: checkoutListQuery,
        response: { 200: Page(CheckoutResponse), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOwnCheckouts(request.ctx, request.query),
  )

  // ---------------------------------------------------------------- orders
  app.post(
    '/api/orders/',
    {
      preHandler: async (request) => limitPlacement(request.ctx, 'order', request.query),
      schema: {
        tags: ['orders'],
        operationId: 'createOrder',
        summary: 'Place an order from a checkout or from items + delivery (anyone; email required when anonymous)',
        description:
          'Re-prices from the catalog, takes the discount use and the stock in one transaction. A shortage is a 409 ' +
          'naming `items.N`. With `Idempotency-Key`, a repeat of the same key in the shop answers the first order ' +
          '(200). An anonymous buyer gets `accessKey` and `privateUrl` once, in the 201. From a `checkout`, the items and ' +
          'discount code are the checkout\'s; `delivery` is the buyer\'s own and required unless the caller (logged in) ' +
          'created the checkout, whose delivery is used when none is sent.',
        security: [{}, { bearer: [] }],
        querystring: PlaceQuery,
        headers: IdempotencyHeaders,
        body: OrderCreateBody,
        response: { 200: OrderResponse, 201: OrderResponse, ...errorResponses(400, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const placement = { query: request.query, body: request.body, idempotencyKey: request.headers['idempotency-key'] }
      const placed = await placeOrder(request.ctx, placement, payments)
      return reply.code(placed.created ? 201 : 200).send(placed.order)
    },
  )

  app.get(
    '/api/orders/',
    {
      schema: {
        tags: ['orders'],
        operationId: 'listOrders',
        summary: 'A shop\'s orders (staff, shop required) or the caller\'s own (profile = caller)',
        description:
          'Filters: status (also $in, or $or[0][status]=…), acked, orderId[$q], email[$q], createdAt[$gte|$lte] ' +
          '(ISO or ms), updatedAt; sort by createdAt (default newest first), updatedAt, orderId, status, totals.total.',
        querystring: orderListQuery,
        response: { 200: Page(OrderResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listShopOrders(request.ctx, request.query),
  )

  app.get(
    '/api/orders/:id',
    {
      schema: {
        tags: ['orders'],
        operationId: 'getOrder',
        summary: 'One order with its timeline: staff of its shop, its buyer, or anyone with ?key= (the private link)',
        security: [{}, { bearer: [] }],
        params: IdParams,
        querystring: KeyQuery,
        response: { 200: OrderResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getOrder(request.ctx, request.params.id, request.query.key),
  )

  app.patch(
    '/api/orders/:id',
    {
      schema: {
        tags: ['orders'],
        operationId: 'updateOrder',
        summary: 'Move an order: staff one step forward or cancel; the buyer (or ?key=) cancel while placed',
        security: [{}, { bearer: [] }],
        params: IdParams,
        querystring: KeyQuery,
        body: OrderPatchBody,
        response: { 200: OrderResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeOrderStatus(request.ctx, request.params.id, request.query.key, request.body),
  )
}
