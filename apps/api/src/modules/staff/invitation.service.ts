/**
 * Role invitations (docs/architecture.md §11): staff managers invite by email and pass the invitation's link on; the
 * invitee, logged in with that email and holding the link's secret, accepts or declines. Only the secret's
 * hash is stored, and the link is answered once, to whoever created (or re-sent) the invitation. Without the
 * secret an invitation does not exist for anyone but the shop's staff managers. Creating or re-sending one
 * also e-mails the link to the invitee, through the outbox in the same transaction. Invitations expire
 * after 7 days and work once. Accepting makes (or reactivates) an active shop role and tells the shop's owners and
 * administrators.
 */
import { type StaffRole, canInvite, roleRank } from '@shop/domain'
import { type ServiceContext, withDb } from '../../context'
import type { Static } from 'typebox'
import type { Db } from '../../db/client'
import { enqueueMessage } from '../messages/outbox'
import { notifyStaff } from '../notifications/notify'
import { randomToken, secretMatches, sha256 } from '../../lib/crypto'
import { Conflict, Forbidden, HttpError, NotFound } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import type { AuthUser } from '../../actor'
import {
  type InvitationWithShop,
  closeInvitation,
  findInvitation,
  findPendingInvitation,
  insertInvitation,
  invitationQuerySpec,
  listInvitations as listInvitationRows,
  refreshInvitation,
} from './invitation.repository'
import { findActiveRole } from '../../actor.repository'
import {
  findShopRole,
  insertRole,
  isActiveStaffEmail,
  lockShopStaff,
  updateRole,
} from './shop-role.repository'
import { toCreatedInvitation, toInvitation, toInvitationDetail } from './staff.dto'
import type {
  CreatedInvitationDto,
  InvitationDetailDto,
  InvitationDto,
  invitationBody,
  invitationPatchBody,
} from './staff.schemas'

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Creates an invitation, or re-sends a pending one for the same email: either way with a new secret. */
export async function createInvitation(ctx: ServiceContext, body: Static<typeof invitationBody>): Promise<CreatedInvitationDto> {
  const user = ctx.actor.requireUser()
  const role = await ctx.actor.authorize(body.shop, 'staff.manage')
  if (!canInvite(role, body.role)) throw Forbidden(`You cannot invite someone as ${body.role}`)
  const email = body.email.toLowerCase()
  const secret = randomToken(32)

  const row = await ctx.db.transaction(async (tx) => {
    await lockShopStaff(tx, body.shop)
    const actorRole = await findActiveRole(tx, body.shop, user.id)
    if (!actorRole || !canInvite(actorRole, body.role)) throw Forbidden(`You cannot invite someone as ${body.role}`)
    if (await isActiveStaffEmail(tx, body.shop, email)) {
      throw Conflict(`${email} is already on this shop's staff`, [{ path: 'email', message: 'is already on the staff' }])
    }
    const createdAt = ctx.clock.now()
    const values = {
      role: body.role,
      invitedBy: user.id,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + INVITATION_LIFETIME_MS),
      secretHash: sha256(secret),
    }
    // One open invitation per person and shop: inviting again refreshes it, and only the new link works.
    const pending = await findPendingInvitation(tx, body.shop, email)
    const row = pending ? await refreshInvitation(tx, pending.id, values) : await insertInvitation(tx, { ...values, shopId: body.shop, email })
    const created = toCreatedInvitation(row, secret)
    await enqueueMessage(withDb(ctx, tx), {
      shopId: body.shop,
      // Each new link is a new event: re-sending an invitation e-mails the new link.
      event: `invitation:${row.id}:${createdAt.getTime()}`,
      recipient: email,
      kind: 'staff-invitation',
      channel: 'email',
      data: { role: body.role, invitedBy: user.name.trim() || user.email, expiresAt: values.expiresAt.toISOString(), path: created.link },
    })
    return created
  })
  return row
}

export async function listInvitations(ctx: ServiceContext, rawQuery: Record<string, unknown> & { shop: string }): Promise<Page<InvitationDto>> {
  const { shop, ...query } = rawQuery
  await ctx.actor.authorize(shop, 'staff.manage')
  const parsed = parseQuery(invitationQuerySpec, query)
  const { total, rows } = await listInvitationRows(ctx.db, shop, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(toInvitation) }
}

const noSuchInvitation = () => NotFound('No invitation with this id')

/** The invitee: signed in for this shop with the invited email, and holding the link's secret. */
function isInvitee(ctx: ServiceContext, invitation: InvitationWithShop, key: string | undefined): boolean {
  // Both checks always run, so a wrong key and a wrong account take the same time.
  const keyOk = secretMatches(key, invitation.secretHash)
  const user = ctx.actor.shopUser(invitation.shopId)
  return !!user && sameEmail(invitation.email, user.email) && keyOk
}

/** Whether the caller manages the staff of the invitation's shop; anyone else learns nothing (a 404). */
async function isStaffManager(ctx: ServiceContext, invitation: InvitationWithShop): Promise<boolean> {
  try {
    await ctx.actor.authorize(invitation.shopId, 'staff.manage')
    return true
  } catch (error) {
    if (error instanceof HttpError && (error.code === 403 || error.code === 404)) return false
    throw error
  }
}

/**
 * The invitee (with the link's secret) and the shop's staff managers may see an invitation; for anyone else
 * it does not exist.
 */
export async function getInvitation(ctx: ServiceContext, id: string, key: string | undefined): Promise<InvitationDetailDto> {
  ctx.actor.requireUser()
  const invitation = await findInvitation(ctx.db, id)
  if (!invitation) throw noSuchInvitation()
  if (!isInvitee(ctx, invitation, key) && !(await isStaffManager(ctx, invitation))) throw noSuchInvitation()
  return toInvitationDetail(invitation)
}

function assertPending(invitation: InvitationWithShop) {
  if (invitation.status === 'revoked') throw Conflict('This invitation was revoked')
  if (invitation.status !== 'pending') throw Conflict('This invitation has already been used')
}

/** Makes the invitee active staff; someone already on the staff keeps the higher of the two roles. */
async function grantRole(db: Db, shopId: string, userId: string, role: StaffRole) {
  const existing = await findShopRole(db, shopId, userId)
  if (!existing) await insertRole(db, { shopId, userId, role })
  else if (existing.status !== 'active') await updateRole(db, existing.id, { role, status: 'active' })
  else if (roleRank(role) > roleRank(existing.role)) await updateRole(db, existing.id, { role })
}

async function notifyManagers(tx: ServiceContext, invitation: InvitationWithShop, user: AuthUser) {
  const who = user.name.trim() || user.email
  await notifyStaff(
    tx,
    invitation.shopId,
    'staff.manage',
    {
      type: 'invitation-accepted',
      title: 'Invitation accepted',
      body: `${who} (${user.email}) joined ${invitation.shop.title} as ${invitation.role}.`,
      link: '/admin/management',
    },
    user.id,
  )
}

export async function respondToInvitation(
  ctx: ServiceContext,
  id: string,
  body: Static<typeof invitationPatchBody>,
  key: string | undefined,
): Promise<InvitationDetailDto> {
  const user = ctx.actor.requireUser()
  const db = ctx.db
  const invitation = await findInvitation(db, id)
  if (!invitation) throw noSuchInvitation()

  if (body.status === 'revoked') {
    const role = await ctx.actor.authorize(invitation.shopId, 'staff.manage')
    // Only someone who could have sent this invitation may take it back.
    if (!canInvite(role, invitation.role)) throw Forbidden(`You cannot revoke an invitation as ${invitation.role}`)
    await db.transaction(async (tx) => {
      await lockShopStaff(tx, invitation.shopId)
      assertPending((await findInvitation(tx, id, { lock: true }))!)
      await closeInvitation(tx, id, 'revoked')
    })
  } else {
    if (!isInvitee(ctx, invitation, key)) throw noSuchInvitation()
    await db.transaction(async (tx) => {
      await lockShopStaff(tx, invitation.shopId)
      const current = (await findInvitation(tx, id, { lock: true }))!
      // Re-sent meanwhile: the link in hand is no longer the invitation's.
      if (!isInvitee(ctx, current, key)) throw noSuchInvitation()
      assertPending(current)
      if (current.expiresAt.getTime() <= ctx.clock.now().getTime()) throw Conflict('This invitation has expired')
      await closeInvitation(tx, id, body.status)
      if (body.status === 'accepted') {
        await grantRole(tx, current.shopId, user.id, current.role)
        await notifyManagers(withDb(ctx, tx), current, user)
      }
    })
  }
  return toInvitationDetail((await findInvitation(db, id))!)
}
