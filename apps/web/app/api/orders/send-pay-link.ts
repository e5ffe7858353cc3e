import type { PayLinkChannel, PayLinkSent } from '@shop/domain/schemas/pay-links'
import type { ApiClient } from '../../lib/api'

/**
 * Sends the order's pay link by SMS or e-mail, or tells the shop it was shared by WhatsApp or copied
 * (`POST /api/orders/{id}/pay-link`, staff); each is noted on the order's timeline.
 */
export function sendPayLink(client: ApiClient, order: string, channel: PayLinkChannel): Promise<PayLinkSent> {
  return client.post<PayLinkSent>(`/api/orders/${encodeURIComponent(order)}/pay-link`, { channel })
}
