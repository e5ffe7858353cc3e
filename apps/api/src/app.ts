/**
 * Builds the application: cross-cutting plugins first, then the API modules, then uploaded files and
 * the server-rendered web app. Only server.ts listens.
 */
import type { IncomingMessage } from 'node:http'
import cors from '@fastify/cors'
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import qs from 'qs'
import { systemActor } from './actor'
import type { Config } from './config'
import { createContext, systemClock } from './context'
import type { Database } from './db/client'
import { ErrorDocument } from '@shop/domain/schemas/wire'
import { BadRequest, NotFound } from './lib/errors'
import type { Limiter } from './lib/limiter'
import contextPlugin from './plugins/context'
import databasePlugin from './plugins/database'
import compressionPlugin from './plugins/compression'
import errorsPlugin, { answerClientError } from './plugins/errors'
import healthPlugin from './plugins/health'
import httpCachePlugin from './plugins/http-cache'
import inputGuardPlugin from './plugins/input-guard'
import metricsPlugin from './plugins/metrics'
import openapiPlugin from './plugins/openapi'
import readAfterWritePlugin from './plugins/read-after-write'
import requestIdPlugin, { requestIdGenerator, trustFunction } from './plugins/request-id'
import rateLimitPlugin from './plugins/rate-limit'
import securityHeadersPlugin from './plugins/security-headers'
import routeSecurityPlugin from './plugins/route-security'
import shopSuspensionPlugin from './plugins/shop-suspension'
import authRoutes from './modules/auth/auth.routes'
import loginPage from './modules/auth/login-page.routes'
import passwordResetRoutes from './modules/auth/password-reset.routes'
import resetPasswordPage from './modules/auth/reset-password-page.routes'
import catalogRoutes from './modules/catalog/catalog.routes'
import stockAlertRoutes from './modules/catalog/stock-alert.routes'
import customerRoutes from './modules/customers/customers.routes'
import deliveryRoutes from './modules/delivery/delivery.routes'
import discountRoutes from './modules/discounts/discount.routes'
import promotionRoutes from './modules/promotions/promotion.routes'
import analyticsRoutes from './modules/analytics/analytics.routes'
import notificationRoutes from './modules/notifications/notification.routes'
import orderRoutes from './modules/orders/orders.routes'
import { orderPayments } from './modules/payments/order-payments'
import paymentRoutes from './modules/payments/payments.routes'
import platformRoutes from './modules/platform/platform.routes'
import refundRoutes from './modules/payments/refunds.routes'
import payLinkRoutes from './modules/payments/pay-links.routes'
import reviewRoutes from './modules/reviews/review.routes'
import seoRoutes from './modules/seo/seo.routes'
import shopRoutes from './modules/shops/shop.routes'
import { isAllowedOrigin } from './modules/shops/shop-host'
import staffRoutes from './modules/staff/staff.routes'
import uploadRoutes from './modules/uploads/upload.routes'
import { type Channels, createChannels } from './modules/messages/channels'
import devMailboxRoutes from './modules/messages/dev-mailbox.routes'
import messageRoutes from './modules/messages/messages.routes'
import webPlugin from './web/ssr'
import { type OutboxWorker, outboxWorker } from './workers/outbox-worker'
import { unpaidOrderSweep } from './workers/unpaid-order-sweep'

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's outbox worker (its `drain` sends what is due now). */
    outbox: OutboxWorker
    /** Where this process sends messages: SMTP or the development mailbox, and SMS. */
    messageChannels: Channels
  }
}

export type AppOptions = {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Replaces the image decoding limiter made from config.imageConcurrency (tests observe it). */
  imageLimiter?: Limiter
  /** Replaces the message channels made from the config (tests send SMS to a fake). */
  messageChannels?: Channels
}

export async function buildApp({ config, database, logger, imageLimiter, messageChannels }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    // Only the client's address, its scheme and its request id are read from the proxies (TRUST_PROXY, as
    // plugins/request-id.ts's trust function: Fastify no longer takes a hop count); the shop comes from Host.
    trustProxy: config.trustProxy === false ? false : trustFunction(config.trustProxy),
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    // What Node's HTTP parser refuses (oversized headers: 431) is answered in the error shape too.
    clientErrorHandler: answerClientError,
    routerOptions: {
      ignoreTrailingSlash: true,
      querystringParser: (text: string) => qs.parse(text, { depth: 4, arrayLimit: 100, parameterLimit: 200 }),
    },
    // Router-level failures (a path parameter that is too long, a bad URL encoding) also answer in the
    // Feathers shape.
    frameworkErrors: (error, _request, reply) => {
      const body = BadRequest(error.message.replace(/^.*?: /, '')).toJSON()
      void (reply as FastifyReply).status(400).type('application/json').send(body)
    },
    ajv: {
      // Bodies are checked as sent: no coercion, no silent removal, so a wrong type or an unknown field is a 400.
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true },
    },
  })

  app.addSchema(ErrorDocument)
  await app.register(databasePlugin, { database, config, imageLimiter })
  await app.register(errorsPlugin)
  await app.register(requestIdPlugin)
  // Before every route: each gets its own onResponse hook that counts it.
  await app.register(metricsPlugin)
  await app.register(healthPlugin)
  await app.register(securityHeadersPlugin)
  // Cache headers (and 304s) are decided on the plain body, before the compression's own route hooks.
  await app.register(httpCachePlugin)
  await app.register(compressionPlugin)
  await app.register(rateLimitPlugin)
  // The platform's and its shops' origins may make every call the API has (docs/product.md §7's client calls the API
  // host from a shop's origin, PATCH and DELETE included); any other origin gets no grant at all.
  await app.register(cors, {
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    origin: (origin, callback) => {
      if (!origin) return callback(null, true)
      isAllowedOrigin(app, origin).then(
        (ok) => callback(null, ok),
        (error: Error) => callback(error, false),
      )
    },
  })
  // A POST without a body is one whatever type it names: axios labels an empty body a form, and a FormData
  // with no entries is a multipart body of only its closing boundary. Such a body parses as none, and a
  // route that takes a JSON body then gets `{}`; a body of a type no route reads is still refused.
  // (Forms, multipart and CSV routes add their own parsers in their own scopes.)
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  )
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body === '' ? undefined : body))
  app.addContentTypeParser('*', async (request: FastifyRequest, payload: IncomingMessage) => {
    const unsupported = BadRequest('Unsupported request content type')
    const limit = 512
    if (Number(request.headers['content-length'] ?? 0) > limit) throw unsupported
    let text = ''
    for await (const chunk of payload) {
      text += String(chunk)
      if (text.length > limit) throw unsupported
    }
    const [, quoted, bare] = /^multipart\/form-data\s*;.*?\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(request.headers['content-type'] ?? '') ?? []
    const boundary = quoted ?? bare
    if (text === '' || (boundary && text.replace(/\r?\n$/, '') === `--${boundary}--`)) return undefined
    throw unsupported
  })
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method === 'POST' && request.routeOptions.schema?.body) request.body = {}
  })
  await app.register(routeSecurityPlugin)
  // Before the routes and the document: it marks the changes a suspended shop refuses (decision 98).
  await app.register(shopSuspensionPlugin)
  await app.register(openapiPlugin)
  await app.register(contextPlugin)
  await app.register(readAfterWritePlugin)
  await app.register(inputGuardPlugin)

  await app.register(authRoutes)
  await app.register(loginPage)
  await app.register(passwordResetRoutes)
  await app.register(resetPasswordPage)
  await app.register(shopRoutes)
  await app.register(staffRoutes)
  await app.register(catalogRoutes)
  await app.register(stockAlertRoutes)
  await app.register(uploadRoutes)
  await app.register(deliveryRoutes)
  await app.register(discountRoutes)
  await app.register(promotionRoutes)
  // Placing an order opens its payment through payments' side of OrderPayments (orders never imports payments).
  await app.register(orderRoutes, { payments: orderPayments })
  await app.register(paymentRoutes)
  await app.register(refundRoutes)
  await app.register(customerRoutes)
  await app.register(payLinkRoutes)
  await app.register(reviewRoutes)
  await app.register(notificationRoutes)
  await app.register(messageRoutes)
  await app.register(analyticsRoutes)
  await app.register(seoRoutes)
  await app.register(platformRoutes)

  // The workers act as the system, with the app's shared parts.
  const systemContext = createContext({
    database,
    config,
    storage: app.storage,
    counters: app.counters,
    imageLimiter: app.imageLimiter,
    log: app.log,
    actor: systemActor,
  })
  if (config.unpaidOrderSweepMs > 0) {
    const worker = unpaidOrderSweep(systemContext, config.unpaidOrderSweepMs)
    app.addHook('onReady', async () => worker.start())
    app.addHook('onClose', () => worker.stop())
  }
  const channels = messageChannels ?? createChannels(config, database.db, systemClock)
  const outbox = outboxWorker(systemContext, channels, config.outboxPollMs)
  app.decorate('messageChannels', channels)
  app.decorate('outbox', outbox)
  app.addHook('onReady', async () => outbox.start())
  app.addHook('onClose', () => outbox.stop())
  if (channels.email.kind === 'mailbox' && config.devMailbox !== 'off') await app.register(devMailboxRoutes)

  app.setNotFoundHandler((request, reply) => {
    app.metrics.unmatched(request, reply)
    const error = NotFound(`Nothing at ${request.method} ${request.url.split('?')[0]}`)
    return reply.status(404).send(error.toJSON())
  })
  if (config.webBuildDir) await app.register(webPlugin, { buildDir: config.webBuildDir })

  return app
}
