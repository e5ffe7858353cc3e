import { AccountResolveBody, FinancialAccountCreateBody, FinancialAccountPatchBody } from '@shop/domain/schemas/payments'
import { MessageSettingsBody, type MessageSettingsInput } from '@shop/domain/schemas/messages'
import { RateCreateBody, RatePatchBody } from '@shop/domain/schemas/delivery'
import { shopConfigPatchBody } from '@shop/domain/schemas/shop'
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
import { type ShopConfigPatch, updateShopConfig } from '../api/shop-configs/update-shop-config'
import { getMessageSettings } from '../api/messages/get-message-settings'
import { sendTestEmail } from '../api/messages/send-test-email'
import { updateMessageSettings } from '../api/messages/update-message-settings'
import { LoadError } from '../components/load-error'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { type AccountForm, payoutCreateBody, payoutPatchBody, resolveBody } from '../features/admin-settings/account-form'
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
import { type RateForm, rateCreateBody, ratePatchBody } from '../features/admin-settings/rate-form'
import { api } from '../lib/api'
import { useSite } from '../lib/use-site'
import { hasErrors, validate } from '../lib/form-errors'
import { routeMeta } from '../lib/page-meta'
import { perform, readSubmission, refuse, settle } from '../lib/route-data'
import type { Route } from './+types/admin-settings'
import styles from '../features/admin-settings/admin-settings.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Settings', args)

const RATE_FIELDS = ['name', 'regions', 'rate', 'paymentOption', 'estimatedDays', 'active']
const ACCOUNT_FIELDS = ['kind', 'bankCode', 'accountNumber']

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

/**
 * `update-config` (one settings form's part of the shop's settings), `check-domain`, `create-rate`,
 * `update-rate`, `resolve-payout` (the name Paystack holds, before saving), `save-payout` (add or change the
 * payout account) and `remove-account`; each body is checked with the API's schema first.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop } = await requireStaff(request)
  const submission = await readSubmission(request)
  const id = String(submission.id)
  switch (submission.intent) {
    case 'update-config': {
      const body = submission.body as ShopConfigPatch
      const problems = validate(shopConfigPatchBody, body)
      if (hasErrors(problems)) return refuse('update-config', problems)
      return perform('update-config', () => updateShopConfig(api, shop._id, body), submission.fields as string[])
    }
    case 'update-messages': {
      const body = submission.body as MessageSettingsInput
      const problems = validate(MessageSettingsBody, body)
      if (hasErrors(problems)) return refuse('update-messages', problems)
      return perform('update-messages', () => updateMessageSettings(api, shop._id, body), [])
    }
    case 'test-email':
      return perform('test-email', () => sendTestEmail(api, shop._id), [])
    case 'check-domain':
      return perform('check-domain', () => checkDomain(api, shop._id, String(submission.domain)), [])
    case 'create-rate': {
      const body = rateCreateBody(shop._id, submission.form as RateForm)
      const problems = validate(RateCreateBody, body)
      if (hasErrors(problems)) return refuse('create-rate', problems)
      return perform('create-rate', () => createDeliveryRate(api, body), RATE_FIELDS)
    }
    case 'update-rate': {
      const body = ratePatchBody(submission.form as RateForm)
      const problems = validate(RatePatchBody, body)
      if (hasErrors(problems)) return refuse('update-rate', problems)
      return perform('update-rate', () => updateDeliveryRate(api, id, body), RATE_FIELDS)
    }
    case 'resolve-payout': {
      const body = resolveBody(shop._id, submission.form as AccountForm)
      const problems = validate(AccountResolveBody, body)
      if (hasErrors(problems)) return refuse('resolve-payout', problems)
      return perform('resolve-payout', () => resolvePayoutAccount(api, body), ACCOUNT_FIELDS)
    }
    case 'save-payout': {
      const form = submission.form as AccountForm
      if (submission.id) {
        const body = payoutPatchBody(form)
        const problems = validate(FinancialAccountPatchBody, body)
        if (hasErrors(problems)) return refuse('save-payout', problems)
        return perform('save-payout', () => updateFinancialAccount(api, id, body), ACCOUNT_FIELDS)
      }
      const body = payoutCreateBody(shop._id, form)
      const problems = validate(FinancialAccountCreateBody, body)
      if (hasErrors(problems)) return refuse('save-payout', problems)
      return perform('save-payout', () => createFinancialAccount(api, body), ACCOUNT_FIELDS)
    }
    case 'remove-account':
      return perform(
        'remove-account',
        async () => {
          await deleteFinancialAccount(api, id)
          return null
        },
        [],
      )
  }
  throw new Response(`Unknown intent ${submission.intent}`, { status: 400 })
}

/**
 * The shop's settings (docs/architecture.md §6): delivery rates, payment options, unpaid orders, limits on shoppers'
 * orders, the payout account and the payouts made to it, tax, domains, Facebook, notifications.
 */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { rates, regions, config, accounts, messages, settlements, payments } = loaderData
  const { shop } = useAdmin()
  const { platform } = useSite()
  const reportDirty = useDirtyForms()
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
    </>
  )
}
