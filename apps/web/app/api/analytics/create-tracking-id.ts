import type { TrackingId } from '@shop/domain/schemas/analytics'
import type { ApiClient } from '../../lib/api'

/** A new anonymous tracking id (`POST /api/tracking-ids {}`). */
export function createTrackingId(client: ApiClient): Promise<TrackingId> {
  return client.post<TrackingId>('/api/tracking-ids', {})
}
