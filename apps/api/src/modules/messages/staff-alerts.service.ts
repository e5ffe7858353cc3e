/**
 * Staff alerts by e-mail: a new order, and low stock. Each staff member chooses for themselves, per shop,
 * in their account profile; until they do, owners and administrators get both and the others neither.
 * New-order alerts are for those who may move orders; low-stock alerts for those who may edit stock.
 */
import { type Permission, rolesWith } from '@shop/domain'
import type { StaffAlerts, StaffAlertsInput } from '@shop/domain/schemas/messages'
import type { ServiceContext } from '../../context'
import { type StaffAlert, findStaffAlertRecipients, findStaffAlertSettings, upsertStaffAlertSettings } from './outbox.repository'

const ON_BY_DEFAULT = ['owner', 'administrator'] as const
const permissionOf: Record<StaffAlert, Permission> = { newOrders: 'orders.move', lowStock: 'catalog.edit' }

async function alertsDto(ctx: ServiceContext, shopId: string, userId: string): Promise<StaffAlerts> {
  const role = await ctx.actor.callerRole(shopId)
  const row = await findStaffAlertSettings(ctx.db, shopId, userId)
  const byDefault = (ON_BY_DEFAULT as readonly string[]).includes(role ?? '')
  return { shop: shopId, newOrders: row?.newOrders ?? byDefault, lowStock: row?.lowStock ?? byDefault }
}

/** The caller's own alert switches in a shop where they may move orders. */
export async function getStaffAlerts(ctx: ServiceContext, shopId: string): Promise<StaffAlerts> {
  await ctx.actor.authorize(shopId, 'orders.move')
  return alertsDto(ctx, shopId, ctx.actor.requireUser().id)
}

export async function updateStaffAlerts(ctx: ServiceContext, shopId: string, input: StaffAlertsInput): Promise<StaffAlerts> {
  await ctx.actor.authorize(shopId, 'orders.move')
  if (input.lowStock !== undefined) await ctx.actor.authorize(shopId, 'catalog.edit')
  const user = ctx.actor.requireUser()
  await upsertStaffAlertSettings(ctx.db, shopId, user.id, input, ctx.clock.now())
  return alertsDto(ctx, shopId, user.id)
}

/** Who gets `alert` in the shop now: active staff allowed to act on it who have it on. */
export async function staffAlertRecipients(ctx: ServiceContext, shopId: string, alert: StaffAlert): Promise<string[]> {
  return findStaffAlertRecipients(ctx.db, shopId, alert, rolesWith(permissionOf[alert]), ON_BY_DEFAULT)
}
