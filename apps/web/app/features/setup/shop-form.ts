/** The wizard's first step: a title and a slug → `POST /api/shop-ids/ {slug, title}`. */
import { isValidSlug, reservedSlugs } from '@shop/domain'
import { shopIdBody, shopPatchBody } from '@shop/domain/schemas/shop'
import type { Static } from 'typebox'
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors'

export type NewShop = Static<typeof shopIdBody>

export const SLUG_TAKEN = 'This address is already taken; choose another'

/** Why a slug cannot be a shop's address, or null when it can. */
export function slugProblem(slug: string): string | null {
  if (!slug) return 'This field is required'
  if (reservedSlugs.has(slug)) return 'This address is reserved; choose another'
  if (!isValidSlug(slug)) return 'Use 3 to 40 lower-case letters, digits or single hyphens, not starting or ending with a hyphen'
  return null
}

export function checkNewShop(values: { title: string; slug: string }): { body: NewShop; errors: FieldErrors } {
  const body = { title: values.title.trim(), slug: values.slug.trim() }
  const errors = validate(shopIdBody, body)
  const problem = slugProblem(body.slug)
  if (problem) errors.slug ??= problem
  return { body, errors }
}

/** A new name for a shop that exists: trimmed, checked with the API's schema for a shop's changes. */
export function checkShopTitle(title: string): { body: { title: string }; errors: FieldErrors } {
  const body = { title: title.trim() }
  return { body, errors: validate(shopPatchBody, body) }
}

/** The API's refusal of a new shop at the step's fields, a taken address said the way the step says it. */
export function newShopServerErrors(error: unknown): FieldErrors {
  const found = serverFieldErrors(error, ['title', 'slug'])
  return found.slug === 'Is already taken' ? { ...found, slug: SLUG_TAKEN } : found
}
