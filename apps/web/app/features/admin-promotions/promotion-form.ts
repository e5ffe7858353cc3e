/**
 * The dashboard's promotion form (decision 78): what the merchant types, turned into the API's body and
 * checked with the API's own schema and rules before it is sent. Days are Accra days: a promotion starts
 * at 00:00 on its first day and ends at 23:59:59 on its last.
 */
import { endOfDay } from '@shop/domain'
import { PromotionCreateBody, type PromotionCreateInput, promotionProblems } from '@shop/domain/schemas/promotion'
import { type FieldErrors, validate } from '../../lib/form-errors'

export type PromotionForm = {
  kind: 'free-delivery' | 'percentage' | 'fixed'
  name: string
  value: string
  minSubtotal: string
  regions: string[]
  startsOn: string
  endsOn: string
}

export const PROMOTION_FIELDS = ['kind', 'name', 'value', 'minSubtotal', 'regions', 'startsAt', 'endsAt'] as const

export const emptyPromotionForm = (): PromotionForm => ({ kind: 'free-delivery', name: '', value: '', minSubtotal: '', regions: [], startsOn: '', endsOn: '' })

const number = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(/,/g, '')))

/** 00:00 of an Accra day, as an instant. */
function startOfDay(day: string): string | undefined {
  const end = endOfDay(day)
  return end ? new Date(end.getTime() - 86_399_000).toISOString() : undefined
}

export function createBody(form: PromotionForm, shopId: string): PromotionCreateInput {
  const value = form.kind === 'free-delivery' ? undefined : number(form.value)
  const minSubtotal = number(form.minSubtotal)
  const startsAt = form.startsOn ? startOfDay(form.startsOn) : undefined
  const endsAt = form.endsOn ? endOfDay(form.endsOn)?.toISOString() : undefined
  return {
    shop: shopId,
    kind: form.kind,
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(minSubtotal !== undefined ? { minSubtotal } : {}),
    ...(form.kind === 'free-delivery' && form.regions.length ? { regions: form.regions } : {}),
    ...(startsAt ? { startsAt } : {}),
    ...(endsAt ? { endsAt } : {}),
  }
}

/** The API's schema and rules, worded for the form's fields (days for the window). */
export function promotionFormErrors(body: PromotionCreateInput, form: PromotionForm): FieldErrors {
  const errors: FieldErrors = {}
  if (form.kind !== 'free-delivery' && form.value.trim() !== '' && !Number.isFinite(number(form.value))) errors.value = 'Enter a number'
  if (form.minSubtotal.trim() !== '' && !Number.isFinite(number(form.minSubtotal))) errors.minSubtotal = 'Enter an amount'
  for (const [path, message] of Object.entries({ ...validate(PromotionCreateBody, body) })) errors[path] ??= message
  for (const problem of promotionProblems(body)) errors[problem.path] ??= `This ${problem.message}`
  if (errors.endsAt) {
    errors.endsOn = 'The last day must be on or after the first day'
    delete errors.endsAt
  }
  if (form.kind !== 'free-delivery' && form.value.trim() === '') errors.value = form.kind === 'percentage' ? 'Enter the percent off' : 'Enter the amount off'
  return errors
}
