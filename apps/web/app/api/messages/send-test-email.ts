import type { ApiClient } from '../../lib/api'

/** Sends a test e-mail from the shop to the caller (`POST /api/message-settings/{shopId}/test-email`). */
export function sendTestEmail(client: ApiClient, shop: string): Promise<{ recipient: string; message: string }> {
  return client.post<{ recipient: string; message: string }>(`/api/message-settings/${encodeURIComponent(shop)}/test-email`, undefined)
}
