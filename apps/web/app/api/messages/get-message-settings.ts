import type { MessageSettings } from '@shop/domain/schemas/messages'
import type { ApiClient } from '../../lib/api'

/** The shop's notification settings (`GET /api/message-settings/{shopId}`). */
export function getMessageSettings(client: ApiClient, shop: string): Promise<MessageSettings> {
  return client.get<MessageSettings>(`/api/message-settings/${encodeURIComponent(shop)}`)
}
