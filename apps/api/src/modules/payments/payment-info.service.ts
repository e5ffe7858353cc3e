/**
 * GET /api/payment-info/?shop= (public): what the storefront may offer at checkout. Only the shop's enabled
 * options whose provider works on this server (Paystack only with a secret key and the shop's verified payout
 * account), their labels, and whether that payout account exists; nothing private (no keys, no account numbers).
 */
import type { ServiceContext } from '../../context'
import { NotFound } from '../../lib/errors'
import { findPayoutSubaccount } from './financial-account.repository'
import type { PaymentInfoDto } from './payments.schemas'
import { acceptedOptions, instantProviders } from './providers/registry'
import { findShopPaymentTerms } from './transaction.repository'

export async function getPaymentInfo(ctx: ServiceContext, shopId: string): Promise<PaymentInfoDto> {
  const { db, config } = ctx
  const id = shopId.toLowerCase()
  const shop = await findShopPaymentTerms(db, id)
  if (!shop) throw NotFound('No such shop')
  const payout = (await findPayoutSubaccount(db, id)) !== null
  // Paystack only settles to the shop's own verified payout account (decision 58): without one it is not offered.
  const options = payout ? shop.paymentOptions : shop.paymentOptions.filter((option) => option.provider !== 'paystack')
  return {
    shop: id,
    currency: shop.currency,
    options: acceptedOptions(config, options).map((option) => ({
      provider: option.provider,
      label: option.label,
      instant: instantProviders[option.provider],
    })),
    payout,
  }
}
