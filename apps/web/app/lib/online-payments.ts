/**
 * What a merchant reads about taking payments online (decision 58), the same words in the setup wizard and
 * in Settings: online payments settle to the shop's own payout account, so without one they cannot be on.
 * Never a server setting's name: a merchant cannot change the server.
 */
import type { ShopConfig } from '@shop/domain/schemas/shop'

export type OnlinePayments = ShopConfig['onlinePayments']

export const onlinePaymentsText: Record<OnlinePayments, string> = {
  ready: 'Mobile money and card, paid online with the order and confirmed by Paystack. The money is paid into your payout account.',
  'needs-payout-account': 'Add the account you want to be paid into — mobile money or bank — to take payments online.',
  unavailable: 'Online payments are not available on this platform yet.',
}
