import type { MessageSettings, MessageSettingsInput } from '@shop/domain/schemas/messages'
import type { ApiClient } from '../../lib/api'

/** Turns buyer e-mails and SMS on or off (`PATCH /api/message-settings/{shopId}`); answers all the settings. */
export function updateMessageSettings(client: ApiClient, shop: string, body: MessageSettingsInput): Promise<MessageSettings> {
  return client.patch<MessageSettings>(`/api/message-settings/${encodeURIComponent(shop)}`, body)
}
