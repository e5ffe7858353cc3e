/**
 * Request bodies of a shop's financial (payout) accounts: the API validates with them and the dashboard's
 * form checks the same rules in the browser. The API also checks the number's exact form per kind.
 */
import { type Static, Type } from 'typebox'
import { Uuid } from './wire'

export const FinancialAccountKind = Type.Union([Type.Literal('mobile-money'), Type.Literal('bank')])
const Text = (max: number) => Type.String({ minLength: 2, maxLength: max, pattern: '\\S', description: 'some text' })
/** Digits with optional spaces or dashes, or a leading +; the service checks the exact form per kind. */
const AccountNumber = Type.String({
  minLength: 6,
  maxLength: 30,
  pattern: '^\\+?[0-9][0-9 -]*$',
  description: 'digits only (spaces, dashes and a leading + are fine)',
})

export const FinancialAccountCreateBody = Type.Object(
  {
    shop: Uuid,
    kind: FinancialAccountKind,
    /** The network ('MTN MoMo', 'Telecel Cash', 'AirtelTigo Money') or the bank's name. */
    provider: Text(80),
    accountName: Text(100),
    accountNumber: AccountNumber,
  },
  { additionalProperties: false },
)
export type FinancialAccountCreateInput = Static<typeof FinancialAccountCreateBody>

export const FinancialAccountPatchBody = Type.Object(
  {
    kind: Type.Optional(FinancialAccountKind),
    provider: Type.Optional(Text(80)),
    accountName: Type.Optional(Text(100)),
    accountNumber: Type.Optional(AccountNumber),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type FinancialAccountPatchInput = Static<typeof FinancialAccountPatchBody>

export const paymentProviders = ['manual', 'test', 'paystack'] as const
export type PaymentProviderName = (typeof paymentProviders)[number]

/** What buyers see for a payment option whose shop set no label of its own. */
export const defaultPaymentLabels: Record<PaymentProviderName, string> = {
  manual: 'Pay on delivery or at pick-up',
  test: 'Test payment (simulated, no money moves)',
  paystack: 'Mobile money or card (Paystack)',
}
