import { api } from '../../../lib/api'

export type AnalyticsEvent = { action: string; category: string; extras: Record<string, string> }

/** Records one event (`POST /api/analytics?trackingId=`); an unknown or expired id answers 401. */
export async function postEvent(trackingId: string, event: AnalyticsEvent): Promise<void> {
  await api.post('/api/analytics', event, { query: { trackingId } })
}
