/** SPEC §7: request-login, token (create, revoke), user; and login codes for handing a session to another origin. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errorResponses } from '../../lib/schemas'
import { BadRequest } from '../../lib/errors'
import { requireUser } from '../../plugins/auth'
import { isAllowedOrigin } from '../shops/shop-host'
import { checkCredentials, exchangeLoginCode, issueAccessToken, issueLoginCode } from './auth.service'
import { loginCodeBodySchema, loginCodeSchema, redirField, tokenBodySchema, tokenDataSchema, userPatchSchema } from './auth.schemas'
import { revokeAccessToken } from './token.repository'
import { toUserDto, userSchema } from './user.dto'
import { updateUser } from './user.repository'
import { loginLimits } from './login-limits'

const tags = ['auth']

export default async function authRoutes(app: FastifyInstance) {
  app.addSchema(userSchema)
  const limits = loginLimits(app)

  /** Login codes and login URLs only ever lead to the platform or one of its shops (no open redirect). */
  async function assertKnownOrigin(redir: string) {
    if (!(await isAllowedOrigin(app.db, app.config, redir))) {
      throw BadRequest('redir must be the origin of a shop or of the platform', [
        { path: 'redir', message: 'is not a known shop or platform origin' },
      ])
    }
  }

  app.get<{ Querystring: { redir: string } }>(
    '/api/request-login',
    {
      schema: {
        tags,
        summary: 'Login URL for a shop or platform origin',
        security: [],
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['redir'],
          properties: { redir: redirField },
        },
        response: {
          200: { type: 'object', required: ['loginUrl'], properties: { loginUrl: { type: 'string' } } },
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { redir } = request.query
      await assertKnownOrigin(redir)
      return { loginUrl: `${app.config.platformUrl}/login?redir=${encodeURIComponent(redir)}` }
    },
  )

  app.post<{ Body: { code: string } | { email: string; password: string } }>(
    '/api/token',
    {
      preHandler: limits,
      schema: {
        tags,
        summary: 'Exchange a login code (or email and password) for an access token',
        security: [],
        body: tokenBodySchema,
        response: { 201: tokenDataSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request: FastifyRequest<{ Body: { code: string } | { email: string; password: string } }>, reply) => {
      const body = request.body
      const token =
        'code' in body
          ? await exchangeLoginCode(app.db, body.code, request.headers.origin)
          : await issueAccessToken(app.db, (await checkCredentials(app.db, body.email, body.password)).id)
      return reply.status(201).send(token)
    },
  )

  // localStorage is per origin: a logged-in user moving to another of the platform's hosts (the setup
  // wizard's new shop) takes a code along, bound to that origin like the login page's codes.
  app.post<{ Body: { redir: string } }>(
    '/api/login-codes',
    {
      preHandler: limits,
      schema: {
        tags,
        summary: 'A one-time login code for another origin of the platform, which logs the caller in there',
        body: loginCodeBodySchema,
        response: { 201: loginCodeSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      await assertKnownOrigin(request.body.redir)
      return reply.status(201).send({ code: await issueLoginCode(app.db, user.id, request.body.redir) })
    },
  )

  app.delete(
    '/api/token',
    { schema: { tags, summary: 'Log out: revoke the calling token', response: { 204: { type: 'null' }, ...errorResponses(401) } } },
    async (request, reply) => {
      requireUser(request)
      await revokeAccessToken(app.db, request.tokenId!)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/user',
    { schema: { tags, summary: 'The calling user', response: { 200: { $ref: 'User#' }, ...errorResponses(401) } } },
    async (request) => toUserDto(requireUser(request)),
  )

  app.patch<{ Body: { name?: string; phone?: string } }>(
    '/api/user',
    {
      schema: {
        tags,
        summary: "Update the calling user's name or phone",
        body: userPatchSchema,
        response: { 200: { $ref: 'User#' }, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const values = Object.fromEntries(Object.entries(request.body).map(([k, v]) => [k, v.trim()]))
      return toUserDto(await updateUser(app.db, user.id, values))
    },
  )
}
