/**
 * GET /api/payment-info/?shop= (public): what the storefront may offer at checkout. Only the shop's enabled
 * options whose provider works on this server (Paystack only with a secret key), their labels, and whether
 * payout details exist; nothing private (no keys, no account numbers).
 */
import type { ServiceContext } from '../../context'
import { NotFound } from '../../lib/errors'
import { shopHasFinancialAccount } from './financial-account.repository'
import type { PaymentInfoDto } from './payments.schemas'
import { acceptedOptions, instantProviders } from './providers/registry'
import { findShopPaymentTerms } from './transaction.repository'

export async function getPaymentInfo(ctx: ServiceContext, shopId: string): Promise<PaymentInfoDto> {
  const { db, config } = ctx
  const id = shopId.toLowerCase()
  const shop = await findShopPaymentTerms(db, id)
  if (!shop) throw NotFound('No such shop')
  return {
    shop: id,
    currency: shop.currency,
    options: acceptedOptions(config, shop.paymentOptions).map((option) => ({
      provider: option.provider,
      label: option.label,
      instant: instantProviders[option.provider],
    })),
    payout: await shopHasFinancialAccount(db, id),
  }
}
