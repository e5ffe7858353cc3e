/**
 * Phone numbers as a Ghanaian shop meets them: `024 412 3456`, `+233 24 412 3456` and `00233244123456` are
 * one number, stored and sent on in international form (`+233244123456`). A number without a country code
 * is read as Ghanaian. libphonenumber-js (Google's rules, its "min" metadata) decides what is a real number.
 *
 * A sub-path of its own (`@shop/domain/phone`): the metadata is ~29 KB gzip, so pages that never check a
 * phone never load it, and the checkout loads it only when it checks one.
 */
import { parsePhoneNumberWithError } from 'libphonenumber-js/min'

export const DEFAULT_PHONE_COUNTRY = 'GH'

export type PhoneCheck = { ok: true; phone: string } | { ok: false; message: string }

export const phoneMessage = 'Enter a phone number that can be called, like 024 412 3456 or +233 24 412 3456'
/** The same, as the API's field errors word it after the field's path. */
export const notAPhoneMessage = 'is not a phone number that can be called (like 024 412 3456 or +233 24 412 3456)'

/** `text` in international form, or why it is not a phone number. */
export function parsePhone(text: string): PhoneCheck {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'Enter a phone number' }
  // 00 is the international prefix in Ghana (and most of the world): 00233… is +233….
  const international = trimmed.replace(/^00/, '+')
  try {
    const number = parsePhoneNumberWithError(international, DEFAULT_PHONE_COUNTRY)
    return number.isValid() ? { ok: true, phone: number.number } : { ok: false, message: phoneMessage }
  } catch {
    return { ok: false, message: phoneMessage }
  }
}
