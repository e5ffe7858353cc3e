/**
 * The account's sign-in details form: what changed becomes the `PATCH /api/user/` body, with the current
 * password the API asks for. Checked here with the API's own rules so mistakes show at the field.
 */
import { accountRules, isValidEmail, normalizeEmail } from '@shop/domain'
import type { FieldErrors } from '../../lib/form-errors'

export type SignInDetailsForm = { email: string; newPassword: string; currentPassword: string }
export type SignInDetailsPatch = { email?: string; password?: string; currentPassword: string }

export const SIGN_IN_FIELDS = ['email', 'password', 'currentPassword'] as const

/** The body to send, or the problems to show (keyed by the API's field names). */
export function signInDetailsPatch(
  form: SignInDetailsForm,
  currentEmail: string,
): { patch: SignInDetailsPatch } | { errors: FieldErrors } {
  const errors: FieldErrors = {}
  const email = normalizeEmail(form.email)
  const emailChanged = email !== normalizeEmail(currentEmail)
  const passwordChanged = form.newPassword !== ''
  if (!isValidEmail(email)) errors.email = 'Enter a valid email address'
  if (passwordChanged && form.newPassword.length < accountRules.passwordMinLength) {
    errors.password = `Use at least ${accountRules.passwordMinLength} characters`
  }
  if (form.newPassword.length > accountRules.passwordMaxLength) errors.password = 'That password is too long'
  if (!emailChanged && !passwordChanged && !errors.email) errors.form = 'Change your email or enter a new password first'
  if (!form.currentPassword) errors.currentPassword = 'Enter your current password to confirm it is you'
  if (Object.keys(errors).length) return { errors }
  return {
    patch: {
      ...(emailChanged ? { email } : {}),
      ...(passwordChanged ? { password: form.newPassword } : {}),
      currentPassword: form.currentPassword,
    },
  }
}
