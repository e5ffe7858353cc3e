import type { StaffRole } from '@shop/domain'
import type { Shop } from '@shop/domain/schemas/shop'
import { useApiData } from '../../../lib/use-api-data'
import { getRole } from '../../../api/staff/get-role'
import { getShop } from '../../../api/shops/get-shop'
import { api } from '../../../lib/api'

export type SetupShop = { shop: Shop; role: StaffRole | null }

/** The shop named in the wizard's address (`/setup/{shopId}/…`) and the user's role in it. */
export function useSetupShop(shopId: string) {
  return useApiData<SetupShop>(`setup-shop/${shopId}`, async () => {
    const shop = await getShop(api, shopId)
    return { shop, role: await getRole(api, shop._id) }
  })
}
