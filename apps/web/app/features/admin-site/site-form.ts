/** The Site tab's form: the shop's values → `PATCH /api/shops/{id}` body, checked with the API's schema. */
import { shopPatchBody, type Shop } from '@shop/domain/schemas/shop'
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors'
import {
  type ShopPatch,
  type ShopProfileValues,
  profileBody,
  profileFieldErrors,
  profileValues,
} from '../../components/shop-profile-fields'

export type AboutSections = { payments: string; returns: string; contact: string }

export type SiteValues = ShopProfileValues & { title: string; promotionalText: string; aboutSections: AboutSections }

/** Top-level fields of the body; an API error about anything else is shown for the whole form. */
const bodyFields = ['title', 'tagline', 'about', 'logo', 'socials', 'whatsapp', 'home', 'aboutSections'] as const

export function siteValues(shop: Shop): SiteValues {
  return {
    ...profileValues(shop),
    title: shop.title,
    promotionalText: shop.home.promotionalText,
    aboutSections: { ...shop.aboutSections },
  }
}

export function siteBody(values: SiteValues): ShopPatch {
  const { payments, returns, contact } = values.aboutSections
  return {
    title: values.title.trim(),
    ...profileBody(values),
    home: { promotionalText: values.promotionalText.trim() },
    aboutSections: { payments: payments.trim(), returns: returns.trim(), contact: contact.trim() },
  }
}

/** The body to send and the messages for the form's fields (none when it may be sent). */
export function checkSite(values: SiteValues): { body: ShopPatch; errors: FieldErrors } {
  const body = siteBody(values)
  return { body, errors: profileFieldErrors(validate(shopPatchBody, body), body) }
}

/** An API error of a save, keyed by the form's fields. */
export function siteServerErrors(error: unknown, body: ShopPatch): FieldErrors {
  return profileFieldErrors(serverFieldErrors(error, bodyFields), body)
}
