import type { Message } from '@shop/domain/schemas/messages'
import type { ApiClient } from '../../lib/api'

/** Sends one of the order's messages again (`POST /api/orders/{id}/messages/{message}/resend`, staff). */
export function resendOrderMessage(client: ApiClient, order: string, message: string): Promise<Message> {
  return client.post<Message>(`/api/orders/${encodeURIComponent(order)}/messages/${encodeURIComponent(message)}/resend`, undefined)
}
