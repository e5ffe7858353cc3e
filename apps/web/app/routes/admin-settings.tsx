import { LoadError } from '../components/load-error'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { getShopConfig } from '../api/shop-configs/get-shop-config'
import { DeliveryRatesSection } from '../features/admin-settings/components/delivery-rates-section'
import { DomainsSection } from '../features/admin-settings/components/domains-section'
import { FacebookMetaSection } from '../features/admin-settings/components/facebook-meta-section'
import { FinancialAccountsSection } from '../features/admin-settings/components/financial-accounts-section'
import { PaymentOptionsSection } from '../features/admin-settings/components/payment-options-section'
import { TaxRateSection } from '../features/admin-settings/components/tax-rate-section'
import { UnpaidOrdersSection } from '../features/admin-settings/components/unpaid-orders-section'
import { useDirtyForms } from '../features/admin-settings/hooks/use-dirty-forms'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import type { Route } from './+types/admin-settings'
import styles from '../features/admin-settings/admin-settings.css?url'
import { api } from '../lib/api'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Settings', args)

/** The shop's settings (DESIGN §6): delivery rates, payment options, payout accounts, tax, domains, Facebook. */
export default function AdminSettings() {
  const { shop } = useAdmin()
  const reportDirty = useDirtyForms()
  const config = useApiData(`shop-config/${shop._id}`, () => getShopConfig(api, shop._id))
  const configProps = config.data ? { shopId: shop._id, config: config.data, onSaved: config.setData, reportDirty } : null

  return (
    <>
      <h1>Settings</h1>
      <DeliveryRatesSection shopId={shop._id} currency={shop.currency} reportDirty={reportDirty} />
      {config.error ? (
        <LoadError error={config.error} onRetry={config.reload} />
      ) : !configProps ? (
        <p className="loading" role="status">
          Loading the settings…
        </p>
      ) : (
        <>
          <PaymentOptionsSection {...configProps} />
          <UnpaidOrdersSection {...configProps} />
          <FinancialAccountsSection shopId={shop._id} reportDirty={reportDirty} />
          <TaxRateSection {...configProps} />
          <DomainsSection {...configProps} />
          <FacebookMetaSection {...configProps} />
        </>
      )}
    </>
  )
}
