/**
 * HTTP for shops: the public profile, staff edits, settings, and the setup wizard's shop ids.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Page, errorResponses } from '@shop/domain/schemas/wire'
import type { FastifyInstance } from 'fastify'
import {
  shopConfigPatchBody,
  ShopConfigResponse,
  shopDomainParams,
  ShopDomainResponse,
  shopIdBody,
  ShopIdCreatedResponse,
  shopListQuery,
  shopLookupParams,
  shopPatchBody,
  ShopResponse,
  SlugAvailabilityResponse,
  slugParams,
} from './shop.schemas'
import { createShop, getShopProfile, listShopsByDomain, slugAvailability, updateShopProfile } from './shop.service'
import { checkShopDomain, getShopConfig, updateShopConfig } from './shop-config.service'

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/shops/',
    {
      schema: {
        tags: ['shops'],
        operationId: 'listShops',
        summary: 'The shop a host serves (a list of one), or an empty list',
        security: [],
        querystring: shopListQuery,
        response: { 200: Page(ShopResponse), ...errorResponses(400) },
      },
    },
    async (request) => listShopsByDomain(request.ctx, request.query.domain),
  )

  app.get(
    '/api/shops/:id',
    {
      config: { publicRead: true },
      schema: {
        tags: ['shops'],
        operationId: 'getShop',
        summary: 'A shop’s public profile, by id or slug',
        security: [],
        params: shopLookupParams,
        response: { 200: ShopResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => getShopProfile(request.ctx, request.params.id),
  )

  app.patch(
    '/api/shops/:id',
    {
      schema: {
        tags: ['shops'],
        operationId: 'updateShop',
        summary: 'Edit the shop’s site content (any staff)',
        params: IdParams,
        body: shopPatchBody,
        response: { 200: ShopResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateShopProfile(request.ctx, request.params.id, request.body),
  )

  app.get(
    '/api/shop-configs/:id',
    {
      schema: {
        tags: ['shops'],
        operationId: 'getShopConfig',
        summary: 'A shop’s settings (administrators and owners); the id is the shop’s id',
        params: IdParams,
        response: { 200: ShopConfigResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getShopConfig(request.ctx, request.params.id),
  )

  app.patch(
    '/api/shop-configs/:id',
    {
      schema: {
        tags: ['shops'],
        operationId: 'updateShopConfig',
        summary: 'Change a shop’s settings: Facebook meta, tax, payment options, custom domains',
        params: IdParams,
        body: shopConfigPatchBody,
        response: { 200: ShopConfigResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateShopConfig(request.ctx, request.params.id, request.body),
  )

  app.post(
    '/api/shop-configs/:id/domains/:domain/verification',
    {
      // Each check makes DNS queries and an HTTP request to the outside world.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['shops'],
        operationId: 'verifyShopDomain',
        summary: 'Check now whether the shop controls a custom domain (DNS TXT record or well-known file); verifies it if so',
        params: shopDomainParams,
        response: { 200: ShopDomainResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => checkShopDomain(request.ctx, request.params.id, request.params.domain),
  )

  app.post(
    '/api/shop-ids/',
    {
      schema: {
        tags: ['shops'],
        operationId: 'createShop',
        summary: 'Create a shop with the caller as its owner (at most MAX_SHOPS_PER_ACCOUNT per account; a platform-wide token)',
        body: shopIdBody,
        response: { 201: ShopIdCreatedResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createShop(request.ctx, request.body)),
  )

  app.get(
    '/api/shop-ids/:slug',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['shops'],
        operationId: 'checkShopSlug',
        summary: 'Whether a slug is free, for the setup wizard',
        security: [],
        params: slugParams,
        response: { 200: SlugAvailabilityResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => slugAvailability(request.ctx, request.params.slug),
  )
}
