/**
 * Builds the application: cross-cutting plugins first, then the API modules, then uploaded files and
 * the server-rendered web app. Only server.ts listens.
 */
import cors from '@fastify/cors'
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify'
import qs from 'qs'
import { systemActor } from './actor'
import type { Config } from './config'
import { createContext } from './context'
import type { Database } from './db/client'
import { ErrorDocument } from '@shop/domain/schemas/wire'
import { BadRequest, NotFound } from './lib/errors'
import type { Limiter } from './lib/limiter'
import contextPlugin from './plugins/context'
import databasePlugin from './plugins/database'
import errorsPlugin, { answerClientError } from './plugins/errors'
import inputGuardPlugin from './plugins/input-guard'
import openapiPlugin from './plugins/openapi'
import rateLimitPlugin from './plugins/rate-limit'
import securityHeadersPlugin from './plugins/security-headers'
import routeSecurityPlugin from './plugins/route-security'
import authRoutes from './modules/auth/auth.routes'
import loginPage from './modules/auth/login-page.routes'
import catalogRoutes from './modules/catalog/catalog.routes'
import deliveryRoutes from './modules/delivery/delivery.routes'
import discountRoutes from './modules/discounts/discount.routes'
import analyticsRoutes from './modules/analytics/analytics.routes'
import notificationRoutes from './modules/notifications/notification.routes'
import orderRoutes from './modules/orders/orders.routes'
import { orderPayments } from './modules/payments/order-payments'
import paymentRoutes from './modules/payments/payments.routes'
import reviewRoutes from './modules/reviews/review.routes'
import shopRoutes from './modules/shops/shop.routes'
import { isAllowedOrigin } from './modules/shops/shop-host'
import staffRoutes from './modules/staff/staff.routes'
import uploadRoutes from './modules/uploads/upload.routes'
import webPlugin from './web/ssr'
import { unpaidOrderSweep } from './workers/unpaid-order-sweep'

export type AppOptions = {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Replaces the image decoding limiter made from config.imageConcurrency (tests observe it). */
  imageLimiter?: Limiter
}

export async function buildApp({ config, database, logger, imageLimiter }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
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
  await app.register(securityHeadersPlugin)
  await app.register(rateLimitPlugin)
  await app.register(cors, {
    credentials: true,
    origin: (origin, callback) => {
      if (!origin) return callback(null, true)
      isAllowedOrigin(app, origin).then(
        (ok) => callback(null, ok),
        (error: Error) => callback(error, false),
      )
    },
  })
  await app.register(routeSecurityPlugin)
  await app.register(openapiPlugin)
  await app.register(contextPlugin)
  await app.register(inputGuardPlugin)

  await app.register(authRoutes)
  await app.register(loginPage)
  await app.register(shopRoutes)
  await app.register(staffRoutes)
  await app.register(catalogRoutes)
  await app.register(uploadRoutes)
  await app.register(deliveryRoutes)
  await app.register(discountRoutes)
  // Placing an order opens its payment through payments' side of OrderPayments (orders never imports payments).
  await app.register(orderRoutes, { payments: orderPayments })
  await app.register(paymentRoutes)
  await app.register(reviewRoutes)
  await app.register(notificationRoutes)
  await app.register(analyticsRoutes)

  if (config.unpaidOrderSweepMs > 0) {
    // The worker acts as the system, with the app's shared parts.
    const worker = unpaidOrderSweep(
      createContext({
        database,
        config,
        storage: app.storage,
        counters: app.counters,
        imageLimiter: app.imageLimiter,
        log: app.log,
        actor: systemActor,
      }),
      config.unpaidOrderSweepMs,
    )
    app.addHook('onReady', async () => worker.start())
    app.addHook('onClose', () => worker.stop())
  }

  app.setNotFoundHandler((request, reply) => {
    const error = NotFound(`Nothing at ${request.method} ${request.url.split('?')[0]}`)
    return reply.status(404).send(error.toJSON())
  })
  if (config.webBuildDir) await app.register(webPlugin, { buildDir: config.webBuildDir })

  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
