/** HTTP for checkouts and orders (docs/product.md §7 /api/checkouts/, /api/orders/): schemas and one call per handler. */
import { Readable } from 'node:stream'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { IdParams, Page, Uuid, errorResponses } from '@shop/domain/schemas/wire'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { checkoutQuerySpec } from './checkout.repository'
import { createCheckout, getCheckout, listOwnCheckouts } from './checkout.service'
import { orderQuerySpec } from './order.repository'
import { exportShopOrders, getOrder, listOrderMessages, listShopOrders, moveOrdersForward, resendOrderMessage } from './order.service'
import { MessageListResponse, MessageResponse, OrderMessageParams } from '@shop/domain/schemas/messages'
import { ordersCsv } from './orders-csv'
import {
  CheckoutCreateBody,
  CheckoutResponse,
  EmptyQuery,
  IdempotencyHeaders,
  KeyQuery,
  OrderCreateBody,
  OrderMovesBody,
  OrderMovesResponse,
  OrderPatchBody,
  OrderResponse,
  OrderSearch,
  PlaceQuery,
  UnpaidFilter,
  RefundDueFilter,
  SourceFilter,
} from './orders.schemas'
import type { OrderPayments } from './order-payments'
import { updateOrder } from './order-edits'
import { placeOrder } from './place-order'
import { limitPlacement } from './placement-limits'

const checkoutListQuery = feathersQuerySchema(checkoutQuerySpec, { profile: Uuid, shop: Uuid }, { required: ['profile', 'shop'] })
const orderFields = { fields: { source: SourceFilter } }
const orderListQuery = feathersQuerySchema(orderQuerySpec, { shop: Uuid, profile: Uuid, q: OrderSearch, unpaid: UnpaidFilter, refundDue: RefundDueFilter }, orderFields)
const orderExportQuery = feathersQuerySchema(
  orderQuerySpec,
  { shop: Uuid, q: OrderSearch, unpaid: UnpaidFilter, refundDue: RefundDueFilter },
  { required: ['shop'], ...orderFields },
)

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
        summary: 'Price a cart into a shareable checkout (anyone; an anonymous buyer gives an email or a phone)',
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
        summary: 'Place an order from a checkout or from items + delivery (anyone; an anonymous buyer gives an email or a phone), or enter one for a buyer (staff, with source)',
        description:
          'Re-prices from the catalog, takes the discount use and the stock in one transaction. A shortage is a 409 ' +
          'naming `items.N`. With `Idempotency-Key`, a repeat of the same key in the shop answers the first order ' +
          '(200). An anonymous buyer gets `accessKey` and `privateUrl` once, in the 201. From a `checkout`, the items and ' +
          'discount code are the checkout\'s; `delivery` is the buyer\'s own and required unless the caller (logged in) ' +
          'created the checkout, whose delivery is used when none is sent. An anonymous buyer with a phone (`phone` or ' +
          '`delivery.phone`) may give no `email`: the order keeps none and its messages go by SMS. ' +
          'Staff who enter orders (keepers and up) send `source` (whatsapp, phone, walk-in, instagram, facebook, other; a ' +
          'shopper sending one gets 403): the order is the buyer\'s (no profile, the contact from the body, `?email=` or ' +
          'none, a private link in the 201), paid `manual` (record a payment, or send its pay link), held to none of the ' +
          'limits on shoppers\' orders; `adjustment` {amount, reason} gives a manual discount (managers and up) and `note` ' +
          'goes on its timeline.',
        security: [{}, { bearer: [] }],
        querystring: PlaceQuery,
        headers: IdempotencyHeaders,
        body: OrderCreateBody,
        response: { 200: OrderResponse, 201: OrderResponse, ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
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
          'Filters: status (also $in, or $or[0][status]=…), source (storefront, whatsapp, phone, walk-in, instagram, ' +
          'facebook, other; also $in, $nin, $ne), acked, orderId[$q], email[$q], createdAt[$gte|$lte] ' +
          '(ISO or ms), updatedAt; sort by createdAt (default newest first), updatedAt, orderId, status, totals.total. ' +
          '`q` finds orders whose number, buyer\'s name, e-mail or phone contains it (a phone in any form: 024 412 3456 ' +
          'finds +233244123456). `unpaid=true` keeps the orders with a balance still due (not canceled; delivered unpaid included); ' +
          '`refundDue=true` those with money to give back (canceled still holding some, or paid beyond what they owe).',
        querystring: orderListQuery,
        response: { 200: Page(OrderResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listShopOrders(request.ctx, request.query),
  )

  app.get(
    '/api/orders.csv',
    {
      schema: {
        tags: ['orders'],
        operationId: 'exportOrders',
        summary: 'A shop\'s orders as CSV, with the list\'s filters (staff, shop required)',
        description:
          'The filters and `q` of GET /api/orders/ ($limit and $skip are ignored); newest first, at most 10,000 orders: ' +
          'narrow the dates for more. One line per order: number, date, status, customer, e-mail, phone, delivery, ' +
          'items, amounts, paid, balance, payment, and where it came from (Source: Online shop, WhatsApp, Phone call…).',
        querystring: orderExportQuery,
        response: {
          200: { description: 'CSV (RFC 4180), UTF-8', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const pages = await exportShopOrders(request.ctx, request.query)
      const day = request.ctx.clock.now().toISOString().slice(0, 10)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(ordersCsv(request.ctx, pages)))
    },
  )

  app.post(
    '/api/order-moves/',
    {
      schema: {
        tags: ['orders'],
        operationId: 'moveOrders',
        summary: 'Move several orders of a shop each one step forward (orders.move)',
        description:
          'Each order moves to its own next status by the status machine (a pick-up skips dispatched), in its own ' +
          'transaction. The answer lists, in the order given, what moved and why the others could not (no next step, ' +
          'moved meanwhile, or no such order in this shop).',
        body: OrderMovesBody,
        response: { 200: OrderMovesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => moveOrdersForward(request.ctx, request.body),
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
        summary: 'Move an order (staff one step forward or cancel; the buyer, or ?key=, cancel while placed), or edit it (staff)',
        description:
          'With `status`: a move. Without it: an edit of a placed or packaged order by staff who move orders: `items` is ' +
          'the whole new list of lines (lines already on the order keep their price, new ones take today\'s), `delivery` ' +
          'a new delivery at today\'s rate, `adjustment` a manual discount with its reason (managers and up; null removes ' +
          'it). Stock moves by the difference (409 naming `items.N` when short); a discount code whose minimum the new ' +
          'subtotal no longer meets is dropped and its use given back. The answer\'s `balance` and `refundDue` say what ' +
          'is left to collect or to give back. The timeline notes the change and the buyer gets the new receipt.',
        security: [{}, { bearer: [] }],
        params: IdParams,
        querystring: KeyQuery,
        body: OrderPatchBody,
        response: { 200: OrderResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateOrder(request.ctx, request.params.id, request.query.key, request.body),
  )

  app.get(
    '/api/orders/:id/messages',
    {
      schema: {
        tags: ['orders'],
        operationId: 'listOrderMessages',
        summary: 'The e-mails and SMS about an order, newest first: kind, recipient, sent or failed with the reason (its shop’s staff)',
        params: IdParams,
        response: { 200: MessageListResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listOrderMessages(request.ctx, request.params.id),
  )

  app.post(
    '/api/orders/:id/messages/:message/resend',
    {
      schema: {
        tags: ['orders'],
        operationId: 'resendOrderMessage',
        summary: 'Send one of the order’s messages again, to the same recipient, made from the order as it is now (staff who move orders)',
        params: OrderMessageParams,
        response: { 202: MessageResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => reply.code(202).send(await resendOrderMessage(request.ctx, request.params.id, request.params.message)),
  )
}
