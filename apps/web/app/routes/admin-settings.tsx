import { useRevalidator } from 'react-router'
import { createDeliveryRate } from '../api/delivery/create-delivery-rate'
import { listDeliveryRates } from '../api/delivery/list-delivery-rates'
import { listRegions } from '../api/delivery/list-regions'
import { updateDeliveryRate } from '../api/delivery/update-delivery-rate'
import { createFinancialAccount } from '../api/financial-accounts/create-financial-account'
import { deleteFinancialAccount } from '../api/financial-accounts/delete-financial-account'
import { listFinancialAccounts } from '../api/financial-accounts/list-financial-accounts'
import { resolvePayoutAccount } from '../api/financial-accounts/resolve-payout-account'
import { updateFinancialAccount } from '../api/financial-accounts/update-financial-account'
import { listPayoutPayments } from '../api/payouts/list-payout-payments'
import { listPayoutSettlements } from '../api/payouts/list-payout-settlements'
import { checkDomain } from '../api/shop-configs/check-domain'
import { getShopConfig } from '../api/shop-configs/get-shop-config'
import { updateShopConfig } from '../api/shop-configs/update-shop-config'
import { getMessageSettings } from '../api/messages/get-message-settings'
import { sendTestEmail } from '../api/messages/send-test-email'
import { updateMessageSettings } from '../api/messages/update-message-settings'
import { LoadError } from '../components/load-error'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { payoutCreateBody, payoutPatchBody, resolveBody } from '../features/admin-settings/account-form'
import { DeliveryRatesSection } from '../features/admin-settings/components/delivery-rates-section'
import { DomainsSection } from '../features/admin-settings/components/domains-section'
import { FacebookMetaSection } from '../features/admin-settings/components/facebook-meta-section'
import { CatalogFeedSection } from '../features/admin-settings/components/catalog-feed-section'
import { NotificationsSection } from '../features/admin-settings/components/notifications-section'
import { PaymentOptionsSection } from '../features/admin-settings/components/payment-options-section'
import { PayoutAccountSection } from '../features/admin-settings/components/payout-account-section'
import { PayoutsSection } from '../features/admin-settings/components/payouts-section'
import { ShopperOrdersSection } from '../features/admin-settings/components/shopper-orders-section'
import { TaxRateSection } from '../features/admin-settings/components/tax-rate-section'
import { PickupSection } from '../features/admin-settings/components/pickup-section'
import { UnpaidOrdersSection } from '../features/admin-settings/components/unpaid-orders-section'
import { useDirtyForms } from '../features/admin-settings/hooks/use-dirty-forms'
import { settingsIntents } from '../features/admin-settings/settings-intents'
import { api } from '../lib/api'
import { useSite } from '../lib/use-site'
import { routeMeta } from '../lib/page-meta'
import { perform, settle } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/admin-settings'
import styles from '../features/admin-settings/admin-settings.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Settings', args)

/** Each part loads on its own: one that fails shows its error with a retry, the others still show. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const [rates, regions, config, accounts, messages, settlements, payments] = await Promise.all([
    // All the shop's rates, inactive ones too.
    settle(listDeliveryRates(api, { client: shop._id, active: 'all', $limit: 100 })),
    settle(listRegions(api)),
    settle(getShopConfig(api, shop._id)),
    settle(listFinancialAccounts(api, shop._id)),
    settle(getMessageSettings(api, shop._id)),
    settle(listPayoutSettlements(api, shop._id)),
    settle(listPayoutPayments(api, shop._id)),
  ])
  return { rates, regions, config, accounts, messages, settlements, payments }
}
clientLoader.hydrate = true as const

const RATE_FIELDS = ['name', 'regions', 'rate', 'paymentOption', 'estimatedDays', 'active']
const ACCOUNT_FIELDS = ['kind', 'bankCode', 'accountNumber']

/** Every form of the page writes here, its submission parsed first (features/admin-settings/settings-intents.ts). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop } = await requireStaff(request)
  const submission = await parseSubmission(request, settingsIntents)
  if (!submission.ok) return submission
  switch (submission.intent) {
    case 'update-config': {
      const body = submission.value
      // The API's messages about the fields this form sent land at them; the rest at the form.
      return perform('update-config', () => updateShopConfig(api, shop._id, body), Object.keys(body))
    }
    case 'update-messages': {
      const body = submission.value
      return perform('update-messages', () => updateMessageSettings(api, shop._id, body), [])
    }
    case 'test-email':
      return perform('test-email', () => sendTestEmail(api, shop._id), [])
    case 'check-domain': {
      const { domain } = submission.value
      return perform('check-domain', () => checkDomain(api, shop._id, domain), [])
    }
    case 'create-rate': {
      const body = { shop: shop._id, ...submission.value }
      return perform('create-rate', () => createDeliveryRate(api, body), RATE_FIELDS)
    }
    case 'update-rate': {
      const { id, ...body } = submission.value
      return perform('update-rate', () => updateDeliveryRate(api, id, body), RATE_FIELDS)
    }
    case 'resolve-payout': {
      const body = resolveBody(shop._id, submission.value)
      return perform('resolve-payout', () => resolvePayoutAccount(api, body), ACCOUNT_FIELDS)
    }
    case 'save-payout': {
      const { id, ...account } = submission.value
      if (id) return perform('save-payout', () => updateFinancialAccount(api, id, payoutPatchBody(account)), ACCOUNT_FIELDS)
      return perform('save-payout', () => createFinancialAccount(api, payoutCreateBody(shop._id, account)), ACCOUNT_FIELDS)
    }
    case 'remove-account': {
      const { id } = submission.value
      return perform(
        'remove-account',
        async () => {
          await deleteFinancialAccount(api, id)
          return null
        },
        [],
      )
    }
  }
}

/**
 * The shop's settings (docs/architecture.md §6): delivery rates, payment options, unpaid orders, limits on shoppers'
 * orders, the payout account and the payouts made to it, tax, domains, Facebook, notifications.
 */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { rates, regions, config, accounts, messages, settlements, payments } = loaderData
  const { shop } = useAdmin()
  const { platform } = useSite()
  const { reportDirty, leaveDialog } = useDirtyForms()
  const revalidator = useRevalidator()
  const configProps = config.ok ? { config: config.value, reportDirty } : null

  return (
    <>
      <h1>Settings</h1>
      <DeliveryRatesSection shopId={shop._id} currency={shop.currency} rates={rates} regions={regions} reportDirty={reportDirty} />
      {!configProps ? (
        <LoadError error={config.ok ? null : config.error} onRetry={() => void revalidator.revalidate()} />
      ) : (
        <>
          <PickupSection {...configProps} />
          <PaymentOptionsSection {...configProps} />
          <UnpaidOrdersSection {...configProps} />
          <ShopperOrdersSection {...configProps} />
          <PayoutAccountSection shopId={shop._id} accounts={accounts} onlinePayments={configProps.config.onlinePayments} reportDirty={reportDirty} />
          <PayoutsSection shopId={shop._id} settlements={settlements} payments={payments} />
          <TaxRateSection {...configProps} />
          <DomainsSection {...configProps} />
          <FacebookMetaSection {...configProps} />
          <CatalogFeedSection config={configProps.config} platformUrl={platform.url} slug={shop.slug} />
        </>
      )}
      {messages.ok ? (
        <NotificationsSection settings={messages.value} reportDirty={reportDirty} />
      ) : (
        <LoadError error={messages.error} onRetry={() => void revalidator.revalidate()} />
      )}
      {leaveDialog}
    </>
  )
}
