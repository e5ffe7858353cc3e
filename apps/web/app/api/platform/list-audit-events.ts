import type { PlatformAuditPage } from '@shop/domain/schemas/platform'
import type { ApiClient, Query } from '../../lib/api'

/** `GET /api/platform/audit-events`: what operators did, newest first (`shop` for one shop's). */
export function listPlatformAuditEvents(client: ApiClient, query: Query): Promise<PlatformAuditPage> {
  return client.get<PlatformAuditPage>('/api/platform/audit-events', { query })
}
