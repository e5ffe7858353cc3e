/** Row → response mappers of the platform console. */
import { toMajor } from '@shop/domain'
import type { PlatformAuditEvent, PlatformShop } from '@shop/domain/schemas/platform'
import type { AuditRow, ShopSummaryRow } from './platform.repository'

const iso = (value: Date | string) => new Date(value).toISOString()

export function toPlatformShop(row: ShopSummaryRow): PlatformShop {
  const domains = typeof row.domains === 'string' ? (JSON.parse(row.domains) as Exclude<ShopSummaryRow['domains'], string>) : row.domains
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    owner: row.owner_id ? { _id: row.owner_id, email: row.owner_email ?? '', name: row.owner_name ?? '' } : null,
    createdAt: iso(row.created_at),
    products: Number(row.products),
    last30Days: { orders: Number(row.orders), sales: { value: toMajor(Number(row.sales_minor)), currency: row.currency } },
    storageBytes: Number(row.storage_bytes),
    domains: domains.map(({ domain, status }) => ({ domain, status })),
    status: row.suspended_at ? 'suspended' : 'active',
    suspension: row.suspended_at ? { since: iso(row.suspended_at), reason: row.suspension_reason ?? '' } : null,
  }
}

export function toAuditEvent(row: AuditRow): PlatformAuditEvent {
  return {
    _id: row.id,
    action: row.action,
    operator: { _id: row.operatorId, email: row.operatorEmail },
    shop: { _id: row.shopId, slug: row.shopSlug },
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }
}
