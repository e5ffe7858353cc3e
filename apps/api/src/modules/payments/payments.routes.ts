/**
 * HTTP for payments (docs/product.md §7 PATCH /api/transactions/{id}, /api/financial-accounts/, GET /api/payment-info/;
 * docs/architecture.md §8): schemas and one call per handler. Two routes live in scopes of their own: Paystack's webhook,
 * which needs the raw body to check its signature, and the test provider's HTML pay page, which takes forms.
 */
import formbody from '@fastify/formbody'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Page, Uuid, errorResponse, errorResponses } from '@shop/domain/schemas/wire'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { BadRequest, NotAuthenticated } from '../../lib/errors'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { toHttpError } from '../../plugins/errors'
import { KeyQuery } from '../orders/orders.schemas'
import { cspNonce } from '../../plugins/security-headers'
import {
  createFinancialAccount,
  getFinancialAccount,
  listShopFinancialAccounts,
  patchFinancialAccount,
  removeFinancialAccount,
  resolveFinancialAccount,
} from './financial-account.service'
import { listPayoutBanks } from './payout-account.service'
import { listPayoutPayments, listSettlements } from './payouts.service'
import { financialAccountQuerySpec } from './financial-account.repository'
import { getPaymentInfo } from './payment-info.service'
import {
  AccountResolveBody,
  AccountResolveResponse,
  FinancialAccountCreateBody,
  FinancialAccountPatchBody,
  FinancialAccountResponse,
  PayPageForm,
  PayPageQuery,
  PaymentInfoResponse,
  PayoutBanksQuery,
  PayoutBanksResponse,
  PayoutPayment,
  PayoutSettlementsResponse,
  PaystackEvent,
  SettlementsQuery,
  ShopQuery,
  TransactionCreateBody,
  TransactionPatchBody,
  TransactionResponse,
} from './payments.schemas'
import { recordPayment } from './record-payment'
import { handlePaystackEvent, isValidPaystackSignature } from './paystack-webhook'
import { payPageError, renderPayPage, submitPayPage } from './test-pay-page'
import { listOrderTransactions, patchTransaction } from './transaction.service'
import { payoutPaymentQuerySpec, transactionQuerySpec } from './transaction.repository'

const tags = ['payments']
const transactionListQuery = feathersQuerySchema(transactionQuerySpec, { order: Uuid, key: KeyQuery.properties.key }, { required: ['order'] })
const accountListQuery = feathersQuerySchema(financialAccountQuerySpec, { shop: Uuid }, { required: ['shop'] })
const payoutPaymentsQuery = feathersQuerySchema(payoutPaymentQuerySpec, { shop: Uuid }, { required: ['shop'] })

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  // ---------------------------------------------------------------- transactions
  app.post(
    '/api/transactions/',
    {
      schema: {
        tags,
        operationId: 'recordPayment',
        summary: 'Record a payment the shop received: cash, mobile money to the shop\'s number or bank transfer (orders.move)',
        description:
          '`amount` (major units, ≤ 2 decimals) may be part of what is due; the order answers `paid` and `balance`. ' +
          'More than the balance due, an order paid in full and a canceled order are 409s and record nothing. ' +
          '`reference` is the payer\'s (a mobile money transaction id, a bank slip number): shown to staff, not unique. ' +
          'The order is acked, its timeline notes the payment and the balance, and the other staff are told.',
        body: TransactionCreateBody,
        response: { 201: TransactionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await recordPayment(request.ctx, request.body)),
  )

  app.patch(
    '/api/transactions/:id',
    {
      schema: {
        tags,
        operationId: 'updateTransaction',
        summary: 'Verify or retry a payment attempt (buyer or ?key=), or record a payment on delivery as received (staff)',
        description:
          '`{action: "verify"}` asks the provider and settles the attempt (buyer or staff); `{action: "retry"}` opens a ' +
          'new attempt with a new `redirectUrl` (buyer; only the order\'s newest attempt, only while unpaid); ' +
          '`{status: "success", note?}` records a `manual` payment as received (staff with orders.move). 502 when ' +
          'the provider cannot be reached.',
        security: [{}, { bearer: [] }],
        params: IdParams,
        querystring: KeyQuery,
        body: TransactionPatchBody,
        response: { 200: TransactionResponse, ...errorResponses(400, 401, 403, 404, 409), 502: errorResponse('Provider unreachable') },
      },
    },
    async (request) => patchTransaction(request.ctx, request.params.id, request.query.key, request.body),
  )

  app.get(
    '/api/transactions/',
    {
      schema: {
        tags,
        operationId: 'listTransactions',
        summary: 'An order\'s payment attempts, newest first (its buyer, ?key=, or its shop\'s staff)',
        description: 'Filters: status, provider; sort by createdAt (default newest first), updatedAt.',
        security: [{}, { bearer: [] }],
        querystring: transactionListQuery,
        response: { 200: Page(TransactionResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listOrderTransactions(request.ctx, request.query),
  )

  // ---------------------------------------------------------------- financial accounts
  app.post(
    '/api/financial-accounts/',
    {
      schema: {
        tags,
        operationId: 'createFinancialAccount',
        summary: 'Add a payout account: mobile money or bank (settings.manage)',
        description:
          'Mobile money: a Ghana number (10 digits starting with 0, or +233…). Bank: 6–20 digits. Answers the number masked. ' +
          "`payout: true` with `bankCode` (from GET /api/financial-accounts/banks) makes it the account the shop's online payments " +
          'settle to: Paystack resolves its name (422 when it finds no such account) and it becomes the shop\'s Paystack subaccount; ' +
          'one per shop (409); 502 when Paystack cannot be reached.',
        body: FinancialAccountCreateBody,
        response: { 201: FinancialAccountResponse, ...errorResponses(400, 401, 403, 404, 409, 422), 502: errorResponse('Paystack unreachable') },
      },
    },
    async (request, reply) => reply.code(201).send(await createFinancialAccount(request.ctx, request.body)),
  )

  app.get(
    '/api/financial-accounts/',
    {
      schema: {
        tags,
        operationId: 'listFinancialAccounts',
        summary: 'A shop\'s payout accounts, numbers masked (settings.manage)',
        description: 'Filters: kind, provider (also $q); sort by createdAt (default newest first), updatedAt, provider.',
        querystring: accountListQuery,
        response: { 200: Page(FinancialAccountResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listShopFinancialAccounts(request.ctx, request.query),
  )

  app.get(
    '/api/financial-accounts/:id',
    {
      schema: {
        tags,
        operationId: 'getFinancialAccount',
        summary: 'One payout account, number masked (settings.manage)',
        params: IdParams,
        response: { 200: FinancialAccountResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getFinancialAccount(request.ctx, request.params.id),
  )

  app.patch(
    '/api/financial-accounts/:id',
    {
      schema: {
        tags,
        operationId: 'updateFinancialAccount',
        summary: 'Change a payout account (settings.manage)',
        description:
          "The payout account changes by kind, bankCode and accountNumber: Paystack resolves the new name and its subaccount is updated " +
          '(422 when Paystack finds no such account, 502 when it cannot be reached).',
        params: IdParams,
        body: FinancialAccountPatchBody,
        response: { 200: FinancialAccountResponse, ...errorResponses(400, 401, 403, 404, 409, 422), 502: errorResponse('Paystack unreachable') },
      },
    },
    async (request) => patchFinancialAccount(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/api/financial-accounts/:id',
    {
      schema: {
        tags,
        operationId: 'deleteFinancialAccount',
        summary: 'Remove a payout account (settings.manage); answers it, masked',
        description: 'The payout account of a shop that takes payments online is a 409: turn online payments off first.',
        params: IdParams,
        response: { 200: FinancialAccountResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => removeFinancialAccount(request.ctx, request.params.id),
  )

  // ---------------------------------------------------------------- payout account and payouts (decision 58)
  app.get(
    '/api/financial-accounts/banks',
    {
      schema: {
        tags,
        operationId: 'listPayoutBanks',
        summary: "Paystack's banks or mobile money networks for the shop's currency, for its payout account (settings.manage)",
        description: 'Kept for ten minutes. 409 when this platform takes no online payments; 502 when Paystack cannot be reached.',
        querystring: PayoutBanksQuery,
        response: { 200: PayoutBanksResponse, ...errorResponses(400, 401, 403, 404, 409), 502: errorResponse('Paystack unreachable') },
      },
    },
    async (request) => listPayoutBanks(request.ctx, request.query.shop, request.query.kind),
  )

  app.post(
    '/api/financial-accounts/resolve',
    {
      schema: {
        tags,
        operationId: 'resolvePayoutAccount',
        summary: 'The name the bank or network holds for an account number, to confirm before saving it (settings.manage)',
        description:
          'Nothing is saved. 400 for a number that does not fit the kind or a bank code not in the list; 422 when Paystack finds no ' +
          'such account; 409 when this platform takes no online payments; 502 when Paystack cannot be reached. The number is answered masked.',
        body: AccountResolveBody,
        response: { 200: AccountResolveResponse, ...errorResponses(400, 401, 403, 404, 409, 422), 502: errorResponse('Paystack unreachable') },
      },
    },
    async (request) => resolveFinancialAccount(request.ctx, request.body),
  )

  app.get(
    '/api/payouts/settlements',
    {
      schema: {
        tags,
        operationId: 'listPayoutSettlements',
        summary: "The settlements Paystack made to the shop's payout account, newest first (settings.manage)",
        description: 'Paged as Paystack pages them (`page`, `perPage` up to 100). Empty without a verified payout account. 502 when Paystack cannot be reached.',
        querystring: SettlementsQuery,
        response: { 200: PayoutSettlementsResponse, ...errorResponses(400, 401, 403, 404), 502: errorResponse('Paystack unreachable') },
      },
    },
    async (request) => listSettlements(request.ctx, request.query),
  )

  app.get(
    '/api/payouts/payments',
    {
      schema: {
        tags,
        operationId: 'listPayoutPayments',
        summary: "The shop's orders paid online and what each paid it, net of Paystack's fee and the platform's share (settings.manage)",
        description: 'Newest first; sort by updatedAt (when the payment was confirmed) or createdAt.',
        querystring: payoutPaymentsQuery,
        response: { 200: Page(PayoutPayment), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listPayoutPayments(request.ctx, request.query),
  )

  // ---------------------------------------------------------------- payment info
  app.get(
    '/api/payment-info/',
    {
      schema: {
        tags,
        operationId: 'getPaymentInfo',
        summary: 'What a shop accepts at checkout (public): its usable payment options and whether it has payout details',
        security: [{}, { bearer: [] }],
        querystring: ShopQuery,
        response: { 200: PaymentInfoResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPaymentInfo(request.ctx, request.query.shop),
  )

  await app.register(paystackWebhook)
  await app.register(testPayPage)
}

/** Its own scope: JSON bodies are kept raw here (only here) so the signature is checked over the exact bytes. */
async function paystackWebhook(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const rawBodies = new WeakMap<FastifyRequest, Buffer>()
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer
    rawBodies.set(request, raw)
    try {
      done(null, JSON.parse(raw.toString('utf8')))
    } catch {
      done(BadRequest('Request body is not valid JSON'), undefined)
    }
  })

  app.post(
    '/api/payments/paystack/webhook',
    {
      // Before the body's shape is looked at: an unsigned request learns nothing and changes nothing.
      preValidation: async (request) => {
        const signature = request.headers['x-paystack-signature']
        if (!isValidPaystackSignature(rawBodies.get(request), signature, app.config.paystackSecretKey)) {
          throw NotAuthenticated('Invalid or missing x-paystack-signature')
        }
      },
      schema: {
        tags,
        operationId: 'receivePaystackWebhook',
        summary: 'Paystack\'s webhook: charge.success settles the attempt after verifying it with Paystack',
        description:
          'Signed with `x-paystack-signature` = HMAC-SHA512 of the raw body with the secret key (hex); anything else is a ' +
          '401. Unknown references and other events answer 200 and change nothing. 502 when Paystack cannot be asked, so it retries.',
        security: [],
        headers: { type: 'object', properties: { 'x-paystack-signature': { type: 'string' } } },
        body: PaystackEvent,
        response: {
          200: { type: 'object', properties: { received: { type: 'boolean' } }, required: ['received'] },
          ...errorResponses(400, 401),
          502: errorResponse('Paystack unreachable'),
        },
      },
    },
    async (request) => handlePaystackEvent(request.ctx, request.body),
  )
}

/** Its own scope: HTML, forms, and errors shown as a page rather than JSON. */
async function testPayPage(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  await app.register(formbody, { bodyLimit: 4 * 1024 })

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const httpError = toHttpError(error)
    if (httpError.code >= 500) request.log.error({ err: error }, 'test pay page failed')
    return reply
      .status(httpError.code)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(payPageError(httpError, cspNonce(reply)))
  })

  // The address carries the access code (and maybe a private order link's key): keep it out of caches and
  // referrers (plugins/security-headers keeps the page out of frames).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  const config = { securityHeaders: { referrerPolicy: { policy: 'no-referrer' as const } } }

  app.get(
    '/pay/test/:id',
    {
      config,
      schema: { hide: true, tags, summary: 'The test provider\'s pay page (HTML; needs ?access=)', params: IdParams, querystring: PayPageQuery },
    },
    async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(await renderPayPage(request.ctx, request.params.id, request.query, cspNonce(reply))),
  )

  app.post(
    '/pay/test/:id',
    {
      config,
      schema: { hide: true, tags, summary: 'Pay or cancel on the test pay page, then back to the order', params: IdParams, body: PayPageForm },
    },
    async (request, reply) => reply.redirect(await submitPayPage(request.ctx, request.params.id, request.body), 303),
  )
}
