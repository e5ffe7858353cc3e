import { api } from '../../../lib/api'
import type { SlugAvailability } from '../types'

/** Whether a valid slug is still free (`GET /api/shop-ids/{slug}`). */
export function checkSlug(slug: string, signal?: AbortSignal): Promise<SlugAvailability> {
  return api.get<SlugAvailability>(`/api/shop-ids/${encodeURIComponent(slug)}`, { signal })
}
