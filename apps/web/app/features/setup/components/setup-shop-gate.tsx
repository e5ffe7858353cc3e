import { can } from '@shop/domain'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Shop } from '@shop/domain/schemas/shop'
import { LoadError } from '../../../components/load-error'
import { isMissing } from '../../../lib/route-errors'
import { useSetupShop } from '../hooks/use-setup-shop'

/** Loads the shop named in the address and shows the step only to those who may set it up. */
export function SetupShopGate({ shopId, children }: { shopId: string; children: (shop: Shop) => ReactNode }) {
  const { data, error, reload } = useSetupShop(shopId)
  if (data && can(data.role, 'settings.manage')) return children(data.shop)
  if (data || isMissing(error)) {
    return (
      <p role="alert">
        This is not one of your shops. <Link to="/setup">Create a new shop</Link>
      </p>
    )
  }
  if (error) return <LoadError error={error} onRetry={reload} />
  return (
    <p className="loading" role="status">
      Loading your shop…
    </p>
  )
}
