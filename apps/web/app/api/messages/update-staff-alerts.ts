import type { StaffAlerts, StaffAlertsInput } from '@shop/domain/schemas/messages'
import type { ApiClient } from '../../lib/api'

/** Turns the caller's new-order or low-stock e-mails on or off (`PATCH /api/staff-alerts/{shopId}`). */
export function updateStaffAlerts(client: ApiClient, shop: string, body: StaffAlertsInput): Promise<StaffAlerts> {
  return client.patch<StaffAlerts>(`/api/staff-alerts/${encodeURIComponent(shop)}`, body)
}
