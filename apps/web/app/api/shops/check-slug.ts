import type { SlugAvailability } from '@shop/domain/schemas/shop'
import type { ApiClient } from '../../lib/api'

/** Whether a valid slug is still free (`GET /api/shop-ids/{slug}`). */
export function checkSlug(client: ApiClient, slug: string, signal?: AbortSignal): Promise<SlugAvailability> {
  return client.get<SlugAvailability>(`/api/shop-ids/${encodeURIComponent(slug)}`, { signal })
}
