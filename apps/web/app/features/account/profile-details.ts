/** The account's name and phone form: the `PATCH /api/user/` body, or why it cannot be sent. */
import type { FieldErrors } from '../../lib/form-errors'

/** The API's pattern for a phone number on an account (apps/api auth.schemas `phone`). */
const PHONE = /^[0-9+()\- ]*$/

export type ProfilePatch = { name: string; phone: string }

export function profilePatch(name: string, phone: string): { patch: ProfilePatch } | { errors: FieldErrors } {
  if (!PHONE.test(phone)) return { errors: { phone: 'Use digits, spaces, +, - and brackets only.' } }
  return { patch: { name: name.trim(), phone: phone.trim() } }
}
