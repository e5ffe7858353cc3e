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
        summary: 'Review a delivered order of the caller (once), or one of its items (`product`; posting again edits it)',
        description:
          'The caller is the order’s buyer: logged in as its account, or holding its private key (`key`, a guest’s ' +
          'link). An order the caller cannot open is a 404; one not delivered yet a 422. A review of the whole order ' +
          'is written once (409 after); the review of an item is created (201) or, when the buyer already wrote ' +
          'one, rewritten with the new rating and text (200).',
        security: [{}, { bearer: [] }],
        body: ReviewCreateBody,
        response: { 200: ReviewResponse, 201: ReviewResponse, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { review, created } = await createReview(request.ctx, request.body)
      return reply.status(created ? 201 : 200).send(review)
    },
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
