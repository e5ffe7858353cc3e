/**
 * HTTP for staff: the caller's role, the staff list and role changes, and role invitations.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Page, errorResponses } from '@shop/domain/schemas/wire'
import type { FastifyInstance } from 'fastify'
import { createInvitation, getInvitation, listInvitations, respondToInvitation } from './invitation.service'
import { changeShopRole, getCallerRole, listStaff } from './shop-role.service'
import {
  CreatedInvitationResponse,
  invitationBody,
  InvitationDetailResponse,
  invitationKeyQuery,
  invitationListQuery,
  invitationPatchBody,
  InvitationResponse,
  roleQuery,
  RoleResponse,
  shopRoleListQuery,
  shopRolePatchBody,
  ShopRoleResponse,
} from './staff.schemas'

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/role/',
    {
      schema: {
        tags: ['staff'],
        operationId: 'getRole',
        summary: 'The caller’s role in a shop, or null (also for anonymous callers)',
        security: [{}, { bearer: [] }],
        querystring: roleQuery,
        response: { 200: RoleResponse, ...errorResponses(400) },
      },
    },
    async (request) => getCallerRole(request.ctx, request.query.shop),
  )

  app.get(
    '/api/shop-roles/',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listShopRoles',
        summary: 'The shop’s staff (administrators and owners)',
        querystring: shopRoleListQuery,
        response: { 200: Page(ShopRoleResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listStaff(request.ctx, request.query),
  )

  app.patch(
    '/api/shop-roles/:id',
    {
      schema: {
        tags: ['staff'],
        operationId: 'updateShopRole',
        summary: 'Change a staff member’s role, or remove them',
        params: IdParams,
        body: shopRolePatchBody,
        response: { 200: ShopRoleResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeShopRole(request.ctx, request.params.id, request.body),
  )

  app.post(
    '/api/shop-role-invitations/',
    {
      schema: {
        tags: ['staff'],
        operationId: 'createInvitation',
        summary: 'Invite someone by email to a staff role (refreshes a pending invitation for the same email)',
        description:
          'Answers `link` (`/invitation/{id}?key={secret}`, on the shop\'s host) once: only the secret\'s hash is kept. ' +
          'Inviting the same email again while the invitation is pending re-sends it with a new link; the old one stops working.',
        body: invitationBody,
        response: { 201: CreatedInvitationResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createInvitation(request.ctx, request.body)),
  )

  app.get(
    '/api/shop-role-invitations/',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listInvitations',
        summary: 'The shop’s invitations; expired pending ones are left out',
        querystring: invitationListQuery,
        response: { 200: Page(InvitationResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listInvitations(request.ctx, request.query),
  )

  app.get(
    '/api/shop-role-invitations/:id',
    {
      schema: {
        tags: ['staff'],
        operationId: 'getInvitation',
        summary: 'An invitation, for the invited user with ?key= (the link\'s secret) or the shop’s staff managers',
        description: 'Without the matching key, anyone but the shop\'s staff managers gets a 404.',
        params: IdParams,
        querystring: invitationKeyQuery,
        response: { 200: InvitationDetailResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getInvitation(request.ctx, request.params.id, request.query.key),
  )

  app.patch(
    '/api/shop-role-invitations/:id',
    {
      schema: {
        tags: ['staff'],
        operationId: 'updateInvitation',
        summary: 'Accept or decline (the invited user, with ?key=), or revoke (staff managers) an invitation',
        description:
          'Accepting or declining needs `?key=`, the secret of the invitation link, and the caller logged in with the invited ' +
          'email; a missing or wrong key answers 404 as if there were no such invitation.',
        params: IdParams,
        querystring: invitationKeyQuery,
        body: invitationPatchBody,
        response: { 200: InvitationDetailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => respondToInvitation(request.ctx, request.params.id, request.body, request.query.key),
  )
}
