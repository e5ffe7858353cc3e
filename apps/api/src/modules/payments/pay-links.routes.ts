/**
 * HTTP for pay links (decision 63): the public, key-checked pay page's data and its payment of the balance,
 * on the shop's own host only; and staff sending the link or a reminder to pay. Schemas and one call each.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { PayLinkBody, PayLinkSentResponse, PayPageResponse, PayStartResponse, ReminderSentResponse } from '@shop/domain/schemas/pay-links'
import { IdParams, Uuid, errorResponse, errorResponses } from '@shop/domain/schemas/wire'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { AccessKey, EmptyQuery } from '../orders/orders.schemas'
import { remindToPay, sendPayLink } from '../orders/pay-links'
import { getPayPage, payBalance } from './pay-link.service'

const tags = ['payments']
const PayQuery = Type.Object({ key: AccessKey, transaction: Type.Optional(Uuid) }, { additionalProperties: false })
const PayKeyQuery = Type.Object({ key: AccessKey }, { additionalProperties: false })

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/pay/:id',
    {
      schema: {
        tags,
        operationId: 'getPayPage',
        summary: "What an order's pay link shows (anyone with its key, on the shop's own host)",
        description:
          'The lines, totals, what was paid and the balance; never the address, phone or e-mail. 404 for a wrong key, or when ' +
          "asked on another shop's host (or a host that is no shop's). `transaction`: the pay link's payment the buyer came back " +
          'from, asked about (and settled) when still pending, and answered as `payment`.',
        security: [],
        params: IdParams,
        querystring: PayQuery,
        response: { 200: PayPageResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return getPayPage(request.ctx, request.params.id, request.query.key, request.query.transaction)
    },
  )

  app.post(
    '/api/pay/:id',
    {
      schema: {
        tags,
        operationId: 'payBalance',
        summary: "Start an online payment of an order's balance through its pay link (anyone with its key, on the shop's own host)",
        description:
          "With the shop's online provider (Paystack into the shop's payout account, or the test provider): exactly the balance, " +
          'so a part-paid order pays only the rest. Settled as any online payment (webhook or verify): on the ledger, the order ' +
          'acked, a timeline note, staff told. 409 when paid in full, canceled, or the shop takes no payments online; 502 when the ' +
          'provider cannot be reached.',
        security: [],
        params: IdParams,
        querystring: PayKeyQuery,
        response: { 201: PayStartResponse, ...errorResponses(400, 404, 409), 502: errorResponse('Provider unreachable') },
      },
    },
    async (request, reply) => reply.code(201).send(await payBalance(request.ctx, request.params.id, request.query.key)),
  )

  app.post(
    '/api/orders/:id/pay-link',
    {
      schema: {
        tags: ['orders'],
        operationId: 'sendPayLink',
        summary: "Send the order's pay link, or say it was shared (staff who move orders)",
        description:
          '`sms` and `email` queue the link to the order\'s phone or address (422 when it has none, or SMS is not set up here); ' +
          '`whatsapp` and `copy` were done on the phone and are only noted. Each is noted on the timeline ("Pay link … sent by ' +
          'WhatsApp by Ama"). 409 when nothing is due.',
        params: IdParams,
        querystring: EmptyQuery,
        body: PayLinkBody,
        response: { 201: PayLinkSentResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await sendPayLink(request.ctx, request.params.id, request.body.channel)),
  )

  app.post(
    '/api/orders/:id/reminders',
    {
      schema: {
        tags: ['orders'],
        operationId: 'sendPaymentReminder',
        summary: 'Remind the buyer to pay what is due, with the pay link, by SMS and e-mail (staff who move orders)',
        description:
          'Any order with a balance, pay-on-delivery debts included, whatever the shop\'s automatic reminders are set to. Noted on ' +
          'the timeline. 409 when nothing is due; 422 when the order has no phone or e-mail the shop can reach.',
        params: IdParams,
        querystring: EmptyQuery,
        response: { 201: ReminderSentResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await remindToPay(request.ctx, request.params.id)),
  )
}
