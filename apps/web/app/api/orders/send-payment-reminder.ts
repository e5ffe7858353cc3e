import type { ReminderSent } from '@shop/domain/schemas/pay-links'
import type { ApiClient } from '../../lib/api'

/** Reminds the buyer to pay what is due, with the pay link, by SMS and e-mail (`POST /api/orders/{id}/reminders`, staff). */
export function sendPaymentReminder(client: ApiClient, order: string): Promise<ReminderSent> {
  return client.post<ReminderSent>(`/api/orders/${encodeURIComponent(order)}/reminders`, undefined)
}
