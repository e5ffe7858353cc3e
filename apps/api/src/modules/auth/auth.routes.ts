/** docs/product.md §7: request-login, token (create, revoke), user; and login codes for handing a session to another origin. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { errorResponses } from '@shop/domain/schemas/wire'
import { changeAccount, currentUser, handOverSession, issueToken, logOut, loginUrl } from './auth.service'
import {
  LoginCodeResponse,
  LoginUrlResponse,
  TokenDataResponse,
  UserResponse,
  loginCodeBodySchema,
  redirField,
  stateField,
  tokenBodySchema,
  userPatchSchema,
} from './auth.schemas'
import { limitLoginCalls } from './login-limits'

const tags = ['auth']
/** No body: typed `void`, so the handler sends nothing. */
const noContent = Type.Unsafe<void>({ type: 'null' })

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.addSchema(UserResponse)
  const perIp = async (request: FastifyRequest) => limitLoginCalls(request.ctx)

  app.get(
    '/api/request-login',
    {
      schema: {
        tags,
        operationId: 'getLoginUrl',
        summary: 'Login URL for a shop or platform origin',
        security: [],
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['redir'],
          properties: { redir: redirField, state: stateField },
        },
        response: {
          200: LoginUrlResponse,
          ...errorResponses(400),
        },
      },
    },
    async (request) => loginUrl(request.ctx, request.query),
  )

  app.post(
    '/api/token/',
    {
      preHandler: perIp,
      schema: {
        tags,
        operationId: 'createToken',
        summary: 'Exchange a login code (or email and password) for an access token',
        security: [],
        body: tokenBodySchema,
        response: { 201: TokenDataResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await issueToken(request.ctx, { body: request.body, origin: request.headers.origin })),
  )

  // localStorage is per origin: a logged-in user moving to another of the platform's hosts (the setup
  // wizard's new shop) takes a code along, bound to that origin like the login page's codes.
  app.post(
    '/api/login-codes',
    {
      preHandler: perIp,
      schema: {
        tags,
        operationId: 'createLoginCode',
        summary: 'A one-time login code for another origin of the platform, which logs the caller in there',
        body: loginCodeBodySchema,
        response: { 201: LoginCodeResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await handOverSession(request.ctx, request.body.redir)),
  )

  app.delete(
    '/api/token/',
    { schema: { tags, operationId: 'revokeToken', summary: 'Log out: revoke the calling token', response: { 204: noContent, ...errorResponses(401) } } },
    async (request, reply) => {
      await logOut(request.ctx)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/user/',
    { schema: { tags, operationId: 'getUser', summary: 'The calling user', response: { 200: { $ref: 'User#' }, ...errorResponses(401) } } },
    async (request) => currentUser(request.ctx),
  )

  app.patch(
    '/api/user/',
    {
      schema: {
        tags,
        operationId: 'updateUser',
        summary: "Change the calling user's name, phone, login email or password",
        description: 'Changing `email` or `password` needs `currentPassword`; a new password signs out every other session.',
        body: userPatchSchema,
        response: { 200: { $ref: 'User#' }, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => changeAccount(request.ctx, request.body),
  )
}
