/**
 * The discount code form: its fields as typed, the request bodies built from them, and the checks the API
 * makes (the domain schema plus the rules that depend on the type), so messages appear before sending.
 */
import { isMajorAmount, shopDay } from '@shop/domain'
import {
  type DiscountCode,
  DiscountCodeCreateBody,
  type DiscountCodeCreateInput,
  DiscountCodePatchBody,
  type DiscountCodePatchInput,
  DiscountType,
  discountValueProblem,
} from '@shop/domain/schemas/discount-code'
import { type Static, Type } from 'typebox'
import { type FieldErrors, validate } from '../../lib/form-errors'

/**
 * The form as typed, which the page's `create` and `update` intents send: numbers stay text until the body
 * is built, so an empty or half-typed field is the body's checks to word, at that field.
 */
export const DiscountFormSchema = Type.Object(
  {
    code: Type.String(),
    type: DiscountType,
    value: Type.String(),
    /** 'YYYY-MM-DD' from the date field; '' when cleared. Ignored with `noEndDate`. */
    expiresOn: Type.String(),
    /** The "No end date" choice: the code never expires. */
    noEndDate: Type.Boolean(),
    /** Empty for no limit. */
    usageLimit: Type.String(),
    /** Empty for none. */
    minSubtotal: Type.String(),
    /** Each customer (phone or e-mail) may use it once. */
    oncePerCustomer: Type.Boolean(),
    /** Only a customer's first order may use it. */
    firstOrderOnly: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type DiscountForm = Static<typeof DiscountFormSchema>

/** The fields the API names in its errors, and the form's text fields. */
export const DISCOUNT_FIELDS = ['code', 'type', 'value', 'expiresOn', 'usageLimit', 'minSubtotal'] as const

export function isDirty(form: DiscountForm, initial: DiscountForm): boolean {
  return (
    form.noEndDate !== initial.noEndDate ||
    form.oncePerCustomer !== initial.oncePerCustomer ||
    form.firstOrderOnly !== initial.firstOrderOnly ||
    DISCOUNT_FIELDS.some((field) => form[field] !== initial[field])
  )
}

/** A new code lasts this many days unless the form says otherwise. */
const DEFAULT_DAYS = 30
const DAY_MS = 86_400_000

/** 'YYYY-MM-DD' of an instant in the shop's time zone, as the API reads `expiresOn`. */
export { shopDay }

/** Today + 30 days in Africa/Accra (which keeps UTC all year, so adding days is exact). */
export function defaultExpiry(now = new Date()): string {
  return shopDay(new Date(now.getTime() + DEFAULT_DAYS * DAY_MS))
}

export function emptyDiscountForm(now = new Date()): DiscountForm {
  return { code: '', type: 'percentage', value: '', expiresOn: defaultExpiry(now), noEndDate: false, usageLimit: '', minSubtotal: '', oncePerCustomer: false, firstOrderOnly: false }
}

export function formOfCode(code: DiscountCode): DiscountForm {
  return {
    code: code.code,
    type: code.type,
    value: String(code.value),
    expiresOn: code.expiresOn ?? '',
    noEndDate: code.expiresOn === null,
    usageLimit: code.usageLimit === null ? '' : String(code.usageLimit),
    minSubtotal: code.minSubtotal > 0 ? String(code.minSubtotal) : '',
    oncePerCustomer: code.oncePerCustomer,
    firstOrderOnly: code.firstOrderOnly,
  }
}

/** A number field: undefined when empty; NaN for text that is no number, which validation calls "Enter a number". */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim()
  return trimmed === '' ? undefined : Number(trimmed)
}

function withoutUndefined<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as T
}

export function createBody(form: DiscountForm, shopId: string): DiscountCodeCreateInput {
  return withoutUndefined({
    shop: shopId,
    code: form.code.trim(),
    type: form.type,
    // A missing value is dropped below and reported by validation as required.
    value: numberOf(form.value)!,
    // No end date is sent as null; an empty day is dropped and reported by validation.
    expiresOn: form.noEndDate ? null : form.expiresOn || undefined,
    usageLimit: numberOf(form.usageLimit),
    minSubtotal: numberOf(form.minSubtotal),
    ...(form.oncePerCustomer ? { oncePerCustomer: true } : {}),
    ...(form.firstOrderOnly ? { firstOrderOnly: true } : {}),
  })
}

/**
 * Only what changed; a cleared limit or minimum is null (none), and so is a newly chosen "No end date". A new
 * type always sends its value.
 */
export function patchBody(form: DiscountForm, initial: DiscountForm): DiscountCodePatchInput {
  const changed = (field: (typeof DISCOUNT_FIELDS)[number]) => form[field].trim() !== initial[field].trim()
  const body: DiscountCodePatchInput = {}
  if (changed('code')) body.code = form.code.trim()
  if (changed('type')) body.type = form.type
  if (changed('value') || changed('type')) body.value = numberOf(form.value)!
  if (form.noEndDate !== initial.noEndDate || (!form.noEndDate && changed('expiresOn'))) {
    body.expiresOn = form.noEndDate ? null : form.expiresOn
  }
  if (changed('usageLimit')) body.usageLimit = numberOf(form.usageLimit) ?? null
  if (changed('minSubtotal')) body.minSubtotal = numberOf(form.minSubtotal) ?? null
  if (form.oncePerCustomer !== initial.oncePerCustomer) body.oncePerCustomer = form.oncePerCustomer
  if (form.firstOrderOnly !== initial.firstOrderOnly) body.firstOrderOnly = form.firstOrderOnly
  return withoutUndefined(body)
}

const sentence = (problem: string) => problem.charAt(0).toUpperCase() + problem.slice(1)

/** The messages to show at the fields for a body about to be sent; empty when it may be sent. */
export function discountFormErrors(
  body: DiscountCodeCreateInput | DiscountCodePatchInput,
  form: DiscountForm,
  now = new Date(),
): FieldErrors {
  const creating = 'shop' in body
  // The value is never optional, even when an edit leaves it out of the patch.
  const required: FieldErrors = form.value.trim() === '' ? { value: 'This field is required' } : {}
  // An empty patch is no change at all, not a mistake.
  if (!creating && Object.keys(body).length === 0) return required
  const errors = { ...validate(creating ? DiscountCodeCreateBody : DiscountCodePatchBody, body), ...required }
  if (!form.noEndDate && (creating || 'expiresOn' in body) && !body.expiresOn) {
    errors.expiresOn = 'Choose the last day the code works, or No end date'
  }
  else if (body.expiresOn && !errors.expiresOn && body.expiresOn < shopDay(now)) errors.expiresOn = 'Choose today or a later day'
  if (typeof body.value === 'number' && !errors.value) {
    const problem = discountValueProblem(form.type, body.value)
    if (problem) errors.value = sentence(problem)
  }
  if (typeof body.minSubtotal === 'number' && !errors.minSubtotal && !isMajorAmount(body.minSubtotal)) {
    errors.minSubtotal = 'Must be an amount with at most 2 decimals'
  }
  return errors
}
