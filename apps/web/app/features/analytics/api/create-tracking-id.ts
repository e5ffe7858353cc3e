import { api } from '../../../lib/api'
import type { TrackingId } from '../../../types/api'

/** A new anonymous tracking id (`POST /api/tracking-ids {}`). */
export function createTrackingId(): Promise<TrackingId> {
  return api.post<TrackingId>('/api/tracking-ids', {})
}
