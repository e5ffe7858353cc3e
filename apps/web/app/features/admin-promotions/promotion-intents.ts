/**
 * The Discount codes page's promotion intents (decision 78), for its clientAction: `promotion-create`
 * (the form, checked with the API's rules first), `promotion-update` (the form and the form as it was
 * opened, so only changes are sent), `promotion-set-active`, `promotion-delete` and
 * `promotion-stacking`; and what its clientLoader reads for the panel.
 */
import type { Promotion } from '@shop/domain/schemas/promotion'
import { listRegions } from '../../api/delivery/list-regions'
import { createPromotion, deletePromotion, getPromotionSettings, listPromotions, setPromotionSettings, updatePromotion } from '../../api/promotions/promotions'
import { api } from '../../lib/api'
import { hasErrors } from '../../lib/form-errors'
import { perform, refuse } from '../../lib/route-data'
import { PROMOTION_FIELDS, type PromotionForm, createBody, patchBody, promotionFormErrors } from './promotion-form'

export async function promotionsData(shopId: string) {
  const [page, settings, regions] = await Promise.all([listPromotions<Promotion>(api, shopId), getPromotionSettings(api, shopId), listRegions(api)])
  return { promotions: page.data, stacksWithCodes: settings.stacksWithCodes, regions }
}

export async function promotionIntent(submission: { intent: string } & Record<string, unknown>, shopId: string) {
  switch (submission.intent) {
    case 'promotion-create': {
      const form = submission.form as PromotionForm
      const body = createBody(form, shopId)
      const problems = promotionFormErrors(body, form)
      if (hasErrors(problems)) return refuse('promotion-create', problems)
      return perform('promotion-create', () => createPromotion(api, body), PROMOTION_FIELDS)
    }
    case 'promotion-update': {
      const form = submission.form as PromotionForm
      // The whole promotion as it will be is checked; only the changes are sent.
      const problems = promotionFormErrors(createBody(form, shopId), form)
      if (hasErrors(problems)) return refuse('promotion-update', problems)
      const body = patchBody(form, submission.initial as PromotionForm, shopId)
      if (Object.keys(body).length === 0) return refuse('promotion-update', { form: 'Nothing has changed' })
      return perform('promotion-update', () => updatePromotion(api, String(submission.id), body), PROMOTION_FIELDS)
    }
    case 'promotion-set-active':
      return perform('promotion-set-active', () => updatePromotion(api, String(submission.id), { active: submission.active === true }))
    case 'promotion-delete':
      return perform('promotion-delete', () => deletePromotion(api, String(submission.id)))
    case 'promotion-stacking':
      return perform('promotion-stacking', () => setPromotionSettings(api, shopId, submission.stacksWithCodes === true))
  }
  throw new Response(`Unknown intent ${submission.intent}`, { status: 400 })
}
