/** HTTP for a shop's notification settings, its test e-mail, and a staff member's own alert switches. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import {
  MessageSettingsBody,
  MessageSettingsResponse,
  ShopParams,
  StaffAlertsBody,
  StaffAlertsResponse,
  TestEmailResponse,
} from '@shop/domain/schemas/messages'
import { errorResponses } from '@shop/domain/schemas/wire'
import { getMessageSettings, sendTestEmail, updateMessageSettings } from './message-settings.service'
import { getStaffAlerts, updateStaffAlerts } from './staff-alerts.service'

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/message-settings/:shop',
    {
      schema: {
        tags: ['messages'],
        operationId: 'getMessageSettings',
        summary: 'The shop’s notification settings: which buyer e-mails go out, SMS, reply-to (settings staff)',
        params: ShopParams,
        response: { 200: MessageSettingsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getMessageSettings(request.ctx, request.params.shop),
  )

  app.patch(
    '/api/message-settings/:shop',
    {
      schema: {
        tags: ['messages'],
        operationId: 'updateMessageSettings',
        summary: 'Turn buyer e-mails and SMS on or off, or set the reply-to address (settings staff)',
        params: ShopParams,
        body: MessageSettingsBody,
        response: { 200: MessageSettingsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateMessageSettings(request.ctx, request.params.shop, request.body),
  )

  app.post(
    '/api/message-settings/:shop/test-email',
    {
      schema: {
        tags: ['messages'],
        operationId: 'sendTestEmail',
        summary: 'Send a test e-mail from the shop to the caller’s own address (settings staff)',
        params: ShopParams,
        response: { 202: TestEmailResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(202).send(await sendTestEmail(request.ctx, request.params.shop)),
  )

  app.get(
    '/api/staff-alerts/:shop',
    {
      schema: {
        tags: ['messages'],
        operationId: 'getStaffAlerts',
        summary: 'The caller’s own e-mail alerts in the shop: new orders and low stock (staff who move orders)',
        params: ShopParams,
        response: { 200: StaffAlertsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getStaffAlerts(request.ctx, request.params.shop),
  )

  app.patch(
    '/api/staff-alerts/:shop',
    {
      schema: {
        tags: ['messages'],
        operationId: 'updateStaffAlerts',
        summary: 'Turn the caller’s own new-order or low-stock e-mails on or off',
        params: ShopParams,
        body: StaffAlertsBody,
        response: { 200: StaffAlertsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateStaffAlerts(request.ctx, request.params.shop, request.body),
  )
}
