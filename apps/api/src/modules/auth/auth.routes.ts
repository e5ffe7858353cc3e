/** SPEC §7: request-login, token (create, revoke), user; and login codes for handing a session to another origin. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errorResponses } from '../../lib/schemas'
import { BadRequest, Forbidden } from '../../lib/errors'
import { requireUser } from '../../plugins/auth'
import { type OriginSite, siteOfOrigin } from '../shops/shop-host'
import { type PasswordGuard, changeAccount, checkCredentials, exchangeLoginCode, issueAccessToken, issueLoginCode } from './auth.service'
import {
  type UserPatch,
  loginCodeBodySchema,
  loginCodeSchema,
  redirField,
  stateField,
  tokenBodySchema,
  tokenDataSchema,
  userPatchSchema,
} from './auth.schemas'
import { revokeAccessToken } from './token.repository'
import { toUserDto, userSchema } from './user.dto'
import { loginLimits } from './login-limits'

const tags = ['auth']

export default async function authRoutes(app: FastifyInstance) {
  app.addSchema(userSchema)
  const limits = loginLimits(app)
  const guardFor = (request: FastifyRequest): PasswordGuard => (email, check) => limits.guardPassword(request.ip, email, check)

  /** Login codes and login URLs only ever lead to the platform or one of its shops (no open redirect). */
  async function knownSite(redir: string): Promise<OriginSite> {
    const site = await siteOfOrigin(app.db, app.config, redir)
    if (!site) {
      throw BadRequest('redir must be the origin of a shop or of the platform', [
        { path: 'redir', message: 'is not a known shop or platform origin' },
      ])
    }
    return site
  }

  app.get<{ Querystring: { redir: string; state?: string } }>(
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
          properties: { redir: redirField, state: stateField },
        },
        response: {
          200: { type: 'object', required: ['loginUrl'], properties: { loginUrl: { type: 'string' } } },
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { redir, state } = request.query
      await knownSite(redir)
      const query = new URLSearchParams({ redir, ...(state ? { state } : {}) })
      return { loginUrl: `${app.config.platformUrl}/login?${query}` }
    },
  )

  app.post<{ Body: { code: string } | { email: string; password: string } }>(
    '/api/token',
    {
      preHandler: limits.perIp,
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
          ? await exchangeLoginCode(app.db, body.code, request.headers.origin, (origin) => siteOfOrigin(app.db, app.config, origin))
          : await issueAccessToken(app.db, (await checkCredentials(app.db, body.email, body.password, guardFor(request))).id, null)
      return reply.status(201).send(token)
    },
  )

  // localStorage is per origin: a logged-in user moving to another of the platform's hosts (the setup
  // wizard's new shop) takes a code along, bound to that origin like the login page's codes.
  app.post<{ Body: { redir: string } }>(
    '/api/login-codes',
    {
      preHandler: limits.perIp,
      schema: {
        tags,
        summary: 'A one-time login code for another origin of the platform, which logs the caller in there',
        body: loginCodeBodySchema,
        response: { 201: loginCodeSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const site = await knownSite(request.body.redir)
      // A session of one shop's site may move between that shop's own hosts, never to another shop.
      if (request.ctx.actor.tokenShopId && site.shopId !== request.ctx.actor.tokenShopId) {
        throw Forbidden("This session belongs to another shop's site; sign in there instead")
      }
      return reply.status(201).send({ code: await issueLoginCode(app.db, user.id, request.body.redir) })
    },
  )

  app.delete(
    '/api/token',
    { schema: { tags, summary: 'Log out: revoke the calling token', response: { 204: { type: 'null' }, ...errorResponses(401) } } },
    async (request, reply) => {
      requireUser(request)
      await revokeAccessToken(app.db, request.ctx.actor.tokenId!)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/user',
    { schema: { tags, summary: 'The calling user', response: { 200: { $ref: 'User#' }, ...errorResponses(401) } } },
    async (request) => toUserDto(requireUser(request)),
  )

  app.patch<{ Body: UserPatch }>(
    '/api/user',
    {
      schema: {
        tags,
        summary: "Change the calling user's name, phone, login email or password",
        description: 'Changing `email` or `password` needs `currentPassword`; a new password signs out every other session.',
        body: userPatchSchema,
        response: { 200: { $ref: 'User#' }, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const caller = { userId: user.id, tokenId: request.ctx.actor.tokenId! }
      return toUserDto(await changeAccount(app.db, caller, request.body, guardFor(request)))
    },
  )
}
