/**
 * Staff roles: the caller's own role in a shop, the staff list, and changing or removing a member's role
 * under docs/architecture.md §6's rules (nobody grants above their own role, only owners make owners or touch
 * administrators, the last owner stays).
 */
import { type StaffRole, can, canChangeRole, isLastOwner, refusalMessage } from '@shop/domain'
import type { ServiceContext } from '../../context'
import type { Static } from 'typebox'
import { Conflict, Forbidden, NotFound } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { findActiveRole } from '../../actor.repository'
import {
  countActiveOwners,
  findShopRoleById,
  insertRole,
  listShopRoles,
  lockAndCountOwnedShops,
  lockShopStaff,
  shopRoleQuerySpec,
  updateRole,
} from './shop-role.repository'
import { toShopRole } from './staff.dto'
import type { CallerRole, ShopRoleDto, shopRolePatchBody } from './staff.schemas'

/** Anonymous callers and non-staff simply have no role; the storefront asks on every admin page. */
export async function getCallerRole(ctx: ServiceContext, shopId: string): Promise<CallerRole> {
  return { role: await ctx.actor.callerRole(shopId) }
}

export async function listStaff(ctx: ServiceContext, rawQuery: Record<string, unknown> & { shop: string }): Promise<Page<ShopRoleDto>> {
  const { shop, ...query } = rawQuery
  await ctx.actor.authorize(shop, 'staff.manage')
  const parsed = parseQuery(shopRoleQuerySpec, query)
  const { total, rows } = await listShopRoles(ctx.db, shop, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(toShopRole) }
}

export async function changeShopRole(
  ctx: ServiceContext,
  id: string,
  body: Static<typeof shopRolePatchBody>,
): Promise<ShopRoleDto> {
  const user = ctx.actor.requireUser()
  const db = ctx.db
  const target = await findShopRoleById(db, id)
  if (!target) throw NotFound('No shop role with this id')
  await ctx.actor.authorize(target.shopId, 'staff.manage')
  const next: StaffRole | null = body.role ?? null

  await db.transaction(async (tx) => {
    await lockShopStaff(tx, target.shopId)
    // Re-read both sides under the lock: a concurrent change may have moved either.
    const actorRole = await findActiveRole(tx, target.shopId, user.id)
    if (!actorRole) throw NotFound('No shop role with this id')
    if (!can(actorRole, 'staff.manage')) throw Forbidden(refusalMessage('staff.manage'))
    const current = (await findShopRoleById(tx, id))!
    if (current.status !== 'active') throw Conflict('This person is no longer on the staff')
    if (current.userId === user.id) {
      // The one change to oneself: an owner stepping down (the last-owner check below still applies).
      if (current.role !== 'owner' || next === 'owner') throw Forbidden('You cannot change your own role')
    } else if (!canChangeRole(actorRole, current.role, next)) {
      throw Forbidden(next ? `You cannot make this person ${next}` : 'You cannot remove this person')
    }
    if (next === current.role) return
    if (current.role === 'owner' && isLastOwner(current.role, await countActiveOwners(tx, target.shopId))) {
      throw Conflict('A shop needs at least one owner: make someone else owner first')
    }
    await updateRole(tx, id, next ? { role: next } : { status: 'removed' })
  })

  return toShopRole((await findShopRoleById(db, id))!)
}

// ---------------------------------------------------------------- for shops

/**
 * How many shops the user owns, with the user's row locked until the context's transaction ends, so two
 * shops created at once by one person are counted one after the other.
 */
export async function lockOwnedShopCount(tx: ServiceContext, userId: string): Promise<number> {
  return lockAndCountOwnedShops(tx.db, userId)
}

/** The creator of a new shop becomes its owner, in the transaction that creates the shop. */
export async function addOwnerOfNewShop(tx: ServiceContext, shopId: string, userId: string): Promise<void> {
  await insertRole(tx.db, { shopId, userId, role: 'owner' })
}
