/** HTTP for reviews: schemas and one service call per handler. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { IdParams, errorResponses } from '@shop/domain/schemas/wire'
import { createReview, listShopReviews, moderateReview } from './review.service'
import {
  ReviewCreateBody,
  ReviewListQuery,
  ReviewPageResponse,
  ReviewPatchBody,
  ReviewResponse,
} from './review.schemas'

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/reviews/',
    {
      config: { publicRead: true },
      schema: {
        tags: ['reviews'],
        operationId: 'listReviews',
        summary: 'A shop’s visible reviews with their average rating (moderators also see hidden ones)',
        security: [{}, { bearer: [] }],
        querystring: ReviewListQuery,
        response: { 200: ReviewPageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listShopReviews(request.ctx, request.query),
  )

  app.post(
    '/api/reviews/',
    {
      schema: {
        tags: ['reviews'],
        operationId: 'createReview',
        summary: 'Review one of the caller’s delivered orders (once per order)',
        body: ReviewCreateBody,
        response: { 201: ReviewResponse, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createReview(request.ctx, request.body)),
  )

  app.patch(
    '/api/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        operationId: 'updateReview',
        summary: 'Hide, show or reply to a review (reviews.moderate)',
        params: IdParams,
        body: ReviewPatchBody,
        response: { 200: ReviewResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => moderateReview(request.ctx, request.params.id, request.body),
  )
}
