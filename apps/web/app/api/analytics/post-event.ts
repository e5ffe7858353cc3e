import type { ApiClient } from '../../lib/api'

export type AnalyticsEvent = { action: string; category: string; extras: Record<string, string> }

/** Records one event (`POST /api/analytics?trackingId=`); an unknown or expired id answers 401. */
export async function postEvent(client: ApiClient, trackingId: string, event: AnalyticsEvent): Promise<void> {
  await client.post('/api/analytics', event, { query: { trackingId } })
}
