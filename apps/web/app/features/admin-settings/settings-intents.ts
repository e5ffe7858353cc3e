/**
 * What each form of the Settings page sends to its clientAction (docs/decisions/0112-typed-submissions.md),
 * checked with the API's own request schemas. The shop is always the page's, never the form's
 * (docs/decisions/0115-forms-send-the-api-body.md).
 */
import { RateCreateBody, RatePatchBody } from '@shop/domain/schemas/delivery'
import { MessageSettingsBody } from '@shop/domain/schemas/messages'
import { AccountResolveBody } from '@shop/domain/schemas/payments'
import { shopConfigPatchBody } from '@shop/domain/schemas/shop'
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'

const { shop: _rateShop, ...rateCreateFields } = RateCreateBody.properties
const { shop: _accountShop, ...accountFields } = AccountResolveBody.properties

/**
 * `update-config` one settings form's part of the shop's settings, `update-messages` the notification
 * switches, `test-email`, `check-domain` one custom domain, `create-rate` and `update-rate` a delivery rate,
 * `resolve-payout` the name Paystack holds (before saving), `save-payout` (add the payout account, or change
 * the one with `id`) and `remove-account` an older account.
 */
export const settingsIntents = {
  'update-config': shopConfigPatchBody,
  'update-messages': MessageSettingsBody,
  'test-email': Type.Object({}, { additionalProperties: false }),
  'check-domain': Type.Object({ domain: Type.String({ minLength: 1, maxLength: 260 }) }, { additionalProperties: false }),
  'create-rate': Type.Object(rateCreateFields, { additionalProperties: false }),
  'update-rate': Type.Object({ id: Uuid, ...RatePatchBody.properties }, { additionalProperties: false }),
  'resolve-payout': Type.Object(accountFields, { additionalProperties: false }),
  'save-payout': Type.Object({ id: Type.Union([Uuid, Type.Null()]), ...accountFields }, { additionalProperties: false }),
  'remove-account': Type.Object({ id: Uuid }, { additionalProperties: false }),
}
