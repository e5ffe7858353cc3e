/**
 * The dashboard's promotion form (decision 78): what the merchant types, turned into the API's body and
 * checked with the API's own schema and rules before it is sent. Days are Accra days: a promotion starts
 * at 00:00 on its first day and ends at 23:59:59 on its last.
 */
import { endOfDay, shopDay } from '@shop/domain'
import {
  MAX_PROMOTION_REGIONS,
  type Promotion,
  PromotionCreateBody,
  type PromotionCreateInput,
  PromotionKind,
  type PromotionPatchInput,
  promotionProblems,
} from '@shop/domain/schemas/promotion'
import { type Static, Type } from 'typebox'
import { type FieldErrors, validate } from '../../lib/form-errors'

/**
 * The form as typed, which the page's `promotion-create` and `promotion-update` intents send: amounts stay
 * text and days stay days until the body is built, so the body's checks word what is wrong at its field.
 */
export const PromotionFormSchema = Type.Object(
  {
    kind: PromotionKind,
    name: Type.String(),
    value: Type.String(),
    minSubtotal: Type.String(),
    /** Region ids, for free delivery only; none: every region. */
    regions: Type.Array(Type.String(), { maxItems: MAX_PROMOTION_REGIONS }),
    /** 'YYYY-MM-DD' days of the date fields; '' for none. */
    startsOn: Type.String(),
    endsOn: Type.String(),
  },
  { additionalProperties: false },
)
export type PromotionForm = Static<typeof PromotionFormSchema>

export const PROMOTION_FIELDS = ['kind', 'name', 'value', 'minSubtotal', 'regions', 'startsAt', 'endsAt'] as const

export const emptyPromotionForm = (): PromotionForm => ({ kind: 'free-delivery', name: '', value: '', minSubtotal: '', regions: [], startsOn: '', endsOn: '' })

/** The form as a stored promotion fills it, to edit it. */
export function formOfPromotion(promotion: Promotion): PromotionForm {
  return {
    kind: promotion.kind,
    name: promotion.name,
    value: promotion.kind === 'free-delivery' ? '' : String(promotion.value),
    minSubtotal: promotion.minSubtotal > 0 ? String(promotion.minSubtotal) : '',
    regions: promotion.regions,
    startsOn: promotion.startsAt ? shopDay(new Date(promotion.startsAt)) : '',
    endsOn: promotion.endsAt ? shopDay(new Date(promotion.endsAt)) : '',
  }
}

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

/**
 * An edit sends only what changed from the form as it was opened; an emptied day is null (no start, no
 * end), an emptied minimum 0 (every order) and an emptied name '' (named by what it gives). The kind stays.
 */
export function patchBody(form: PromotionForm, initial: PromotionForm, shopId: string): PromotionPatchInput {
  const now = createBody(form, shopId)
  const changed = (field: keyof PromotionForm) => JSON.stringify(form[field]) !== JSON.stringify(initial[field])
  return {
    ...(changed('name') ? { name: now.name ?? '' } : {}),
    ...(changed('value') && now.value !== undefined ? { value: now.value } : {}),
    ...(changed('minSubtotal') ? { minSubtotal: now.minSubtotal ?? 0 } : {}),
    ...(changed('regions') && form.kind === 'free-delivery' ? { regions: form.regions } : {}),
    ...(changed('startsOn') ? { startsAt: now.startsAt ?? null } : {}),
    ...(changed('endsOn') ? { endsAt: now.endsAt ?? null } : {}),
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
