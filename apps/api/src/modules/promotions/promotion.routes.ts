/** HTTP for promotions without codes (decision 78): the public read of live ones, and staff edits. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { IdParams, Page, Uuid, errorResponses } from '@shop/domain/schemas/wire'
import {
  PromotionCreateBody,
  PromotionListItem,
  PromotionPatchBody,
  PromotionResponse,
  PromotionSettingsPatchBody,
  PromotionSettingsResponse,
} from '@shop/domain/schemas/promotion'
import {
  createPromotion,
  getPromotion,
  getPromotionSettings,
  listPromotions,
  patchPromotion,
  patchPromotionSettings,
  removePromotion,
} from './promotion.service'

const tags = ['promotions']
const ShopQuery = Type.Object({ shop: Uuid }, { additionalProperties: false })
const ShopParams = Type.Object({ shop: Uuid }, { additionalProperties: false })

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/promotions/',
    {
      schema: {
        tags,
        operationId: 'listPromotions',
        summary: "A shop's promotions: every one for staff with discounts.manage, the live ones for anyone else",
        description:
          'Anyone (no token needed): the promotions switched on and inside their window now, as shoppers read them ' +
          '(`label` such as "Free delivery over GHS 300", `minSubtotal`, `regions`). Managers and up: all of them, ' +
          'with `name`, `active` and `live`. Oldest first.',
        security: [{}, { bearer: [] }],
        querystring: ShopQuery,
        response: { 200: Page(PromotionListItem), ...errorResponses(400, 404) },
      },
    },
    async (request) => listPromotions(request.ctx, request.query.shop.toLowerCase()),
  )

  app.get(
    '/api/promotions/:id',
    {
      schema: {
        tags,
        operationId: 'getPromotion',
        summary: 'One promotion (discounts.manage)',
        params: IdParams,
        response: { 200: PromotionResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPromotion(request.ctx, request.params.id),
  )

  app.post(
    '/api/promotions/',
    {
      schema: {
        tags,
        operationId: 'createPromotion',
        summary: 'Create a promotion (discounts.manage): free delivery over an amount, or an automatic discount',
        body: PromotionCreateBody,
        response: { 201: PromotionResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPromotion(request.ctx, request.body)),
  )

  app.patch(
    '/api/promotions/:id',
    {
      schema: {
        tags,
        operationId: 'patchPromotion',
        summary: 'Change a promotion (discounts.manage); its kind stays',
        params: IdParams,
        body: PromotionPatchBody,
        response: { 200: PromotionResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => patchPromotion(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/api/promotions/:id',
    {
      schema: {
        tags,
        operationId: 'deletePromotion',
        summary: 'Delete a promotion (discounts.manage); orders keep what it gave them; answers the deleted promotion',
        params: IdParams,
        response: { 200: PromotionResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removePromotion(request.ctx, request.params.id),
  )

  app.get(
    '/api/promotion-settings/:shop',
    {
      schema: {
        tags,
        operationId: 'getPromotionSettings',
        summary: 'Whether the shop\'s promotions stack with discount codes (anyone)',
        security: [{}, { bearer: [] }],
        params: ShopParams,
        response: { 200: PromotionSettingsResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPromotionSettings(request.ctx, request.params.shop.toLowerCase()),
  )

  app.patch(
    '/api/promotion-settings/:shop',
    {
      schema: {
        tags,
        operationId: 'patchPromotionSettings',
        summary: 'Let promotions stack with discount codes, or give the buyer the better of the two (discounts.manage)',
        params: ShopParams,
        body: PromotionSettingsPatchBody,
        response: { 200: PromotionSettingsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => patchPromotionSettings(request.ctx, request.params.shop.toLowerCase(), request.body),
  )
}
