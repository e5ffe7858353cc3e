/**
 * The Discount codes page's promotion intents (decision 78), for its clientAction: `promotion-create`
 * (the form, checked with the API's rules first), `promotion-update` (the form and the form as it was
 * opened, so only changes are sent), `promotion-set-active`, `promotion-delete` and
 * `promotion-stacking`; and what its clientLoader reads for the panel.
 */
import { PromotionSettingsPatchBody, type Promotion } from '@shop/domain/schemas/promotion'
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { listRegions } from '../../api/delivery/list-regions'
import { createPromotion, deletePromotion, getPromotionSettings, listPromotions, setPromotionSettings, updatePromotion } from '../../api/promotions/promotions'
import { api } from '../../lib/api'
import { hasErrors } from '../../lib/form-errors'
import { perform, refuse } from '../../lib/route-data'
import type { Submission } from '../../lib/submission'
import { PROMOTION_FIELDS, PromotionFormSchema, createBody, patchBody, promotionFormErrors } from './promotion-form'

export async function promotionsData(shopId: string) {
  const [page, settings, regions] = await Promise.all([listPromotions<Promotion>(api, shopId), getPromotionSettings(api, shopId), listRegions(api)])
  return { promotions: page.data, stacksWithCodes: settings.stacksWithCodes, regions }
}

/** What each of the panel's forms and switches sends; the page's clientAction parses with these among its own. */
export const promotionIntents = {
  'promotion-create': Type.Object({ form: PromotionFormSchema }, { additionalProperties: false }),
  'promotion-update': Type.Object({ id: Uuid, form: PromotionFormSchema, initial: PromotionFormSchema }, { additionalProperties: false }),
  'promotion-set-active': Type.Object({ id: Uuid, active: Type.Boolean() }, { additionalProperties: false }),
  'promotion-delete': Type.Object({ id: Uuid }, { additionalProperties: false }),
  'promotion-stacking': PromotionSettingsPatchBody,
}

/** A promotion intent the page's action has parsed. */
export type PromotionSubmission = Extract<Submission<typeof promotionIntents>, { ok: true }>

/** Answers a parsed promotion intent: the form's rules first, then the API's call. */
export async function promotionIntent(submission: PromotionSubmission, shopId: string) {
  switch (submission.intent) {
    case 'promotion-create': {
      const { form } = submission.value
      const body = createBody(form, shopId)
      const problems = promotionFormErrors(body, form)
      if (hasErrors(problems)) return refuse('promotion-create', problems)
      return perform('promotion-create', () => createPromotion(api, body), PROMOTION_FIELDS)
    }
    case 'promotion-update': {
      const { id, form, initial } = submission.value
      // The whole promotion as it will be is checked; only the changes are sent.
      const problems = promotionFormErrors(createBody(form, shopId), form)
      if (hasErrors(problems)) return refuse('promotion-update', problems)
      const body = patchBody(form, initial, shopId)
      if (Object.keys(body).length === 0) return refuse('promotion-update', { form: 'Nothing has changed' })
      return perform('promotion-update', () => updatePromotion(api, id, body), PROMOTION_FIELDS)
    }
    case 'promotion-set-active': {
      const { id, active } = submission.value
      return perform('promotion-set-active', () => updatePromotion(api, id, { active }))
    }
    case 'promotion-delete': {
      const { id } = submission.value
      return perform('promotion-delete', () => deletePromotion(api, id))
    }
    case 'promotion-stacking':
      return perform('promotion-stacking', () => setPromotionSettings(api, shopId, submission.value.stacksWithCodes))
  }
}
