import type { Message } from '@shop/domain/schemas/messages'
import type { ApiClient } from '../../lib/api'

/** The e-mails and SMS about an order, newest first (`GET /api/orders/{id}/messages`, staff). */
export async function listOrderMessages(client: ApiClient, order: string): Promise<Message[]> {
  return (await client.get<{ data: Message[] }>(`/api/orders/${encodeURIComponent(order)}/messages`)).data
}
