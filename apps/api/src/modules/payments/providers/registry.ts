/** Which providers exist on this server, which a shop accepts, and the provider objects themselves. */
import { defaultPaymentLabels } from '@shop/domain/schemas/payments'
import type { Config } from '../../../config'
import type { Db } from '../../../db/client'
import type { PaymentOption } from '../../../db/schema'
import { manualProvider } from './manual'
import { paystackProvider } from './paystack'
import { type PaymentProvider, type ProviderName, isProviderName } from './provider'
import { testProvider } from './test-gateway'

export type ProviderDeps = { config: Config; db: Db }

/** Shared with the dashboard, which shows them as the labels' placeholders. */
export const defaultLabels: Record<ProviderName, string> = defaultPaymentLabels

/** Instant providers collect the amount due before the shop ships. */
export const instantProviders: Record<ProviderName, boolean> = { manual: false, test: true, paystack: true }

/** Paystack needs a secret key on this server; the others always work. */
export function isUsable(config: Pick<Config, 'paystackSecretKey'>, name: ProviderName): boolean {
  return name !== 'paystack' || !!config.paystackSecretKey
}

/**
 * The providers a shop takes orders with, in its order: enabled in its payment options and usable here. A
 * shop that has enabled none (or none usable) takes orders paid on delivery or at pick-up.
 */
export function acceptedOptions(
  config: Pick<Config, 'paystackSecretKey'>,
  options: readonly { provider: string; enabled: boolean; label?: string }[],
): { provider: ProviderName; label: string }[] {
  const seen = new Set<ProviderName>()
  const accepted: { provider: ProviderName; label: string }[] = []
  for (const option of options) {
    if (!option.enabled || !isProviderName(option.provider) || seen.has(option.provider)) continue
    if (!isUsable(config, option.provider)) continue
    seen.add(option.provider)
    accepted.push({ provider: option.provider, label: option.label?.trim() || defaultLabels[option.provider] })
  }
  return accepted.length ? accepted : [{ provider: 'manual', label: defaultLabels.manual }]
}

export function acceptedProviders(config: Pick<Config, 'paystackSecretKey'>, options: readonly PaymentOption[] | readonly { provider: string; enabled: boolean }[]): ProviderName[] {
  return acceptedOptions(config, options).map((option) => option.provider)
}

/** The provider object for `name`; null for a name this server does not know or cannot use. */
export function paymentProvider(deps: ProviderDeps, name: string): PaymentProvider | null {
  if (!isProviderName(name) || !isUsable(deps.config, name)) return null
  switch (name) {
    case 'manual':
      return manualProvider()
    case 'test':
      return testProvider(deps.db)
    case 'paystack':
      return paystackProvider({ secretKey: deps.config.paystackSecretKey!, baseUrl: deps.config.paystackBaseUrl })
  }
}

