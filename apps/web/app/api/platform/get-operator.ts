import type { PlatformOperator } from '@shop/domain/schemas/platform'
import type { ApiClient } from '../../lib/api'

/** `GET /api/platform/operator`: the caller when they are a platform operator; 404 for anyone else. */
export function getPlatformOperator(client: ApiClient): Promise<PlatformOperator> {
  return client.get<PlatformOperator>('/api/platform/operator')
}
