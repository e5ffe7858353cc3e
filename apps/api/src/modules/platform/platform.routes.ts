/**
 * HTTP for the platform console (decision 98): operators only. The token is optional in the document
 * because the answer to anyone else, signed in or not, is the same 404.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, errorResponses } from '@shop/domain/schemas/wire'
import type { FastifyInstance } from 'fastify'
import {
  PlatformAuditPage,
  PlatformAuditQuery,
  PlatformOperator,
  PlatformShop,
  PlatformShopListQuery,
  PlatformShopPage,
  RestoreShopBody,
  SuspendShopBody,
} from './platform.schemas'
import { getOperator, getPlatformShop, listAuditEvents, listShops, restoreShop, suspendShop } from './platform.service'

const operatorsOnly: Record<string, string[]>[] = [{}, { bearer: [] }]
const tags = ['platform']

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/platform/operator',
    {
      schema: {
        tags,
        operationId: 'getPlatformOperator',
        summary: 'The caller, when they are a platform operator (PLATFORM_ADMINS); 404 to everyone else',
        security: operatorsOnly,
        response: { 200: PlatformOperator, ...errorResponses(404) },
      },
    },
    async (request) => getOperator(request.ctx),
  )

  app.get(
    '/api/platform/shops',
    {
      schema: {
        tags,
        operationId: 'listPlatformShops',
        summary: 'Every shop with its owner, figures of the last 30 days, storage, domains and status; search and sort (operators)',
        security: operatorsOnly,
        querystring: PlatformShopListQuery,
        response: { 200: PlatformShopPage, ...errorResponses(400, 404) },
      },
    },
    async (request) => listShops(request.ctx, request.query),
  )

  app.get(
    '/api/platform/shops/:id',
    {
      schema: {
        tags,
        operationId: 'getPlatformShop',
        summary: 'One shop as the console lists it (operators)',
        security: operatorsOnly,
        params: IdParams,
        response: { 200: PlatformShop, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPlatformShop(request.ctx, request.params.id),
  )

  app.post(
    '/api/platform/shops/:id/suspend',
    {
      schema: {
        tags,
        operationId: 'suspendPlatformShop',
        summary: 'Suspend a shop, saying why: its storefront, public API and custom domains stop and its writes are refused; its staff still read and export (operators)',
        security: operatorsOnly,
        params: IdParams,
        body: SuspendShopBody,
        response: { 200: PlatformShop, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const shop = await suspendShop(request.ctx, request.params.id, request.body)
      fastify.suspendedShops.forget()
      return shop
    },
  )

  app.post(
    '/api/platform/shops/:id/restore',
    {
      schema: {
        tags,
        operationId: 'restorePlatformShop',
        summary: 'Restore a suspended shop, with an optional note for the audit log (operators)',
        security: operatorsOnly,
        params: IdParams,
        body: RestoreShopBody,
        response: { 200: PlatformShop, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const shop = await restoreShop(request.ctx, request.params.id, request.body)
      fastify.suspendedShops.forget()
      return shop
    },
  )

  app.get(
    '/api/platform/audit-events',
    {
      schema: {
        tags,
        operationId: 'listPlatformAuditEvents',
        summary: 'What operators did (who, when, what, why), newest first; for one shop with `shop` (operators)',
        security: operatorsOnly,
        querystring: PlatformAuditQuery,
        response: { 200: PlatformAuditPage, ...errorResponses(400, 404) },
      },
    },
    async (request) => listAuditEvents(request.ctx, request.query),
  )
}
