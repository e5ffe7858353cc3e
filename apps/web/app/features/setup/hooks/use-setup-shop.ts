import { useApiData } from '../../../lib/use-api-data'
import type { Shop, StaffRole } from '../../../types/api'
import { getRole } from '../api/get-role'
import { getShop } from '../api/get-shop'

export type SetupShop = { shop: Shop; role: StaffRole | null }

/** The shop named in the wizard's address (`/setup/{shopId}/…`) and the user's role in it. */
export function useSetupShop(shopId: string) {
  return useApiData<SetupShop>(`setup-shop/${shopId}`, async () => {
    const shop = await getShop(shopId)
    return { shop, role: await getRole(shop._id) }
  })
}
