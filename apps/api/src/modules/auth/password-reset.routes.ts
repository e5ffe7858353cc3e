/** "Forgot password?" for API clients; the reset page (reset-password-page.routes.ts) calls the same services. */
import type { FastifyInstance } from 'fastify'
import {
  type NewPasswordInput,
  type PasswordResetInput,
  newPasswordBody,
  passwordResetAccepted,
  passwordResetBody,
  passwordResetParams,
} from '@shop/domain/schemas/password-reset'
import { errorResponses } from '@shop/domain/schemas/wire'
import { requestPasswordReset, resetPassword } from './password-reset.service'

const tags = ['auth']

export default async function passwordResetRoutes(app: FastifyInstance) {
  app.post<{ Body: PasswordResetInput }>(
    '/api/password-resets',
    {
      schema: {
        tags,
        operationId: 'createPasswordReset',
        summary: 'E-mail a link to choose a new password',
        description:
          'Answers 202 whether or not an account uses the address. For an account, e-mails `{PLATFORM_URL}/reset-password?token=…`, valid 30 minutes and once. Limited per IP address and per e-mail address.',
        security: [],
        body: passwordResetBody,
        response: { 202: passwordResetAccepted, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await requestPasswordReset(request.ctx, request.body)),
  )

  app.patch<{ Params: { token: string }; Body: NewPasswordInput }>(
    '/api/password-resets/:token',
    {
      schema: {
        tags,
        operationId: 'usePasswordReset',
        summary: "Set a new password with a reset link's token",
        description: "The token works once, for 30 minutes; using it signs out every session of the account. A used, expired or unknown token answers 404.",
        security: [],
        params: passwordResetParams,
        body: newPasswordBody,
        response: { 204: { type: 'null' }, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await resetPassword(request.ctx, { token: request.params.token, password: request.body.password })
      return reply.status(204).send()
    },
  )
}
