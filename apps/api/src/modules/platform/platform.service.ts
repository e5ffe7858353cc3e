/**
 * The platform console (decision 98): what the platform's operators (PLATFORM_ADMINS) see and do. To
 * everyone else every operation answers 404, as if the console did not exist.
 */
import {
  PLATFORM_PAGE_MAX,
  type PlatformAuditPage,
  type PlatformAuditQuery,
  type PlatformOperator,
  type PlatformShop,
  type PlatformShopListQuery,
  type PlatformShopPage,
  type RestoreShopBody,
  type SuspendShopBody,
} from '@shop/domain/schemas/platform'
import { type ServiceContext, inTransaction } from '../../context'
import type { AuthUser } from '../../actor'
import { Conflict, NotFound, invalidBody, invalidQuery } from '../../lib/errors'
import type { SuspendedShop } from '../../lib/suspended-shops'
import { toAuditEvent, toPlatformShop } from './platform.dto'
import {
  findAuditEvents,
  findShopOfRecord,
  findShopPage,
  findShopSummaries,
  findSuspendedShops,
  type ShopRecord,
  insertAuditEvent,
  lockShop,
  setSuspension,
} from './platform.repository'

const DAY_MS = 24 * 60 * 60 * 1000

/** The caller as an operator: a user named in PLATFORM_ADMINS, signed in on the platform's own site; else 404. */
export function requireOperator(ctx: ServiceContext): AuthUser {
  const user = ctx.actor.user
  const operator = user && !ctx.actor.tokenShopId && ctx.config.platformAdmins.includes(user.email.toLowerCase())
  if (!operator) throw NotFound()
  return user
}

export function getOperator(ctx: ServiceContext): PlatformOperator {
  return { email: requireOperator(ctx).email }
}

function pageOf(query: { $limit?: string; $skip?: string }, defaultLimit: number) {
  const limit = query.$limit === undefined ? defaultLimit : Number(query.$limit)
  if (limit < 1 || limit > PLATFORM_PAGE_MAX) invalidQuery('$limit', `must be 1 to ${PLATFORM_PAGE_MAX}`)
  return { limit, skip: Number(query.$skip ?? 0) }
}

export async function listShops(ctx: ServiceContext, query: PlatformShopListQuery): Promise<PlatformShopPage> {
  requireOperator(ctx)
  const { limit, skip } = pageOf(query, 25)
  const since = new Date(ctx.clock.now().getTime() - 30 * DAY_MS)
  const { ids, total } = await findShopPage(ctx.db, { q: query.q, status: query.status }, query.sort ?? 'newest', { limit, skip, since })
  const rows = await findShopSummaries(ctx.db, ids, since)
  const byId = new Map(rows.map((row) => [row.id, toPlatformShop(row)]))
  const data = ids.map((id) => byId.get(id)).filter((shop): shop is PlatformShop => shop !== undefined)
  return { total, limit, skip, data }
}

async function oneShop(ctx: ServiceContext, id: string): Promise<PlatformShop> {
  const [row] = await findShopSummaries(ctx.db, [id], new Date(ctx.clock.now().getTime() - 30 * DAY_MS))
  if (!row) throw NotFound('No shop with this id')
  return toPlatformShop(row)
}

export async function getPlatformShop(ctx: ServiceContext, id: string): Promise<PlatformShop> {
  requireOperator(ctx)
  return oneShop(ctx, id)
}

/** Suspends a shop, with the reason its staff will read; written to the audit log in the same transaction. */
export async function suspendShop(ctx: ServiceContext, id: string, body: SuspendShopBody): Promise<PlatformShop> {
  const operator = requireOperator(ctx)
  const reason = body.reason.trim()
  if (!reason) invalidBody([{ path: 'reason', message: 'must say why the shop is suspended' }])
  await inTransaction(ctx, async (tx) => {
    const shop = await lockShop(tx.db, id)
    if (!shop) throw NotFound('No shop with this id')
    if (shop.suspendedAt) throw Conflict('This shop is already suspended')
    const at = tx.clock.now()
    await setSuspension(tx.db, id, { at, reason })
    await insertAuditEvent(tx.db, { operatorId: operator.id, operatorEmail: operator.email, action: 'suspend', shopId: id, shopSlug: shop.slug, reason, createdAt: at })
  })
  ctx.log.warn({ shopId: id, operator: operator.email, reason }, 'shop suspended')
  return oneShop(ctx, id)
}

/** Restores a suspended shop; written to the audit log in the same transaction. */
export async function restoreShop(ctx: ServiceContext, id: string, body: RestoreShopBody): Promise<PlatformShop> {
  const operator = requireOperator(ctx)
  const reason = body.reason?.trim() ?? ''
  await inTransaction(ctx, async (tx) => {
    const shop = await lockShop(tx.db, id)
    if (!shop) throw NotFound('No shop with this id')
    if (!shop.suspendedAt) throw Conflict('This shop is not suspended')
    await setSuspension(tx.db, id, null)
    await insertAuditEvent(tx.db, { operatorId: operator.id, operatorEmail: operator.email, action: 'restore', shopId: id, shopSlug: shop.slug, reason, createdAt: tx.clock.now() })
  })
  ctx.log.warn({ shopId: id, operator: operator.email }, 'shop restored')
  return oneShop(ctx, id)
}

export async function listAuditEvents(ctx: ServiceContext, query: PlatformAuditQuery): Promise<PlatformAuditPage> {
  requireOperator(ctx)
  const { limit, skip } = pageOf(query, 50)
  const { rows, total } = await findAuditEvents(ctx.db, query.shop, { limit, skip })
  return { total, limit, skip, data: rows.map(toAuditEvent) }
}

/**
 * Every suspended shop with the hosts that serve it: its platform address, the root domain when it is the
 * DEFAULT_SHOP, and its verified domains; for the suspension check each process keeps (plugins/shop-suspension.ts).
 */
export async function suspendedShops(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<SuspendedShop[]> {
  const { rootDomain, defaultShop } = ctx.config
  return (await findSuspendedShops(ctx.db)).map((shop) => ({
    id: shop.id,
    hosts: [`${shop.slug}.${rootDomain}`, ...(defaultShop === shop.slug ? [rootDomain] : []), ...shop.domains],
  }))
}

export type { ShopRecord }

/** The shop of an order, a review or a payment a call names, or null when there is no such record. */
export function shopOfRecord(ctx: Pick<ServiceContext, 'db'>, kind: ShopRecord, id: string): Promise<string | null> {
  return findShopOfRecord(ctx.db, kind, id)
}
