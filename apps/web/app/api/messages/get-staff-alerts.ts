import type { StaffAlerts } from '@shop/domain/schemas/messages'
import type { ApiClient } from '../../lib/api'

/** The caller's own e-mail alerts in a shop (`GET /api/staff-alerts/{shopId}`). */
export function getStaffAlerts(client: ApiClient, shop: string): Promise<StaffAlerts> {
  return client.get<StaffAlerts>(`/api/staff-alerts/${encodeURIComponent(shop)}`)
}
