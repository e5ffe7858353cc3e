import type { RateCreateInput } from '@shop/domain/schemas/delivery'
import { api } from '../../../lib/api'

/** Adds a delivery rate (`POST /delivery/rates/`). */
export function createRate(body: RateCreateInput): Promise<unknown> {
  return api.post('/delivery/rates/', body)
}
