/** HTTP for the caller's notifications: the list, marking read or unread, and the unread hint. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { IdParams, Page, errorResponses } from '@shop/domain/schemas/wire'
import { listOwnNotifications, markNotification, unreadHint } from './notification.service'
import {
  NotificationHintQuery,
  NotificationHintResponse,
  NotificationListQuery,
  NotificationPatchBody,
  NotificationResponse,
} from './notification.schemas'

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/notifications/',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'listNotifications',
        summary: 'The caller’s notifications, newest first (filter by shop, read, type)',
        querystring: NotificationListQuery,
        response: { 200: Page(NotificationResponse), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOwnNotifications(request.ctx, request.query),
  )

  app.patch(
    '/api/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'updateNotification',
        summary: 'Mark one of the caller’s notifications read or unread',
        params: IdParams,
        body: NotificationPatchBody,
        response: { 200: NotificationResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => markNotification(request.ctx, request.params.id, request.body.read),
  )

  app.get(
    '/api/notifications-hint',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'getNotificationsHint',
        summary: 'How many of the caller’s notifications are unread (optionally in one shop)',
        querystring: NotificationHintQuery,
        response: { 200: NotificationHintResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => unreadHint(request.ctx, request.query.shop),
  )
}
