/**
 * "Forgot password?": asking for a reset link, and choosing the new password with the link's token.
 * The API validates with these; the reset page checks the same rules.
 */
import { type Static, Type } from 'typebox'
import { accountRules, emailPattern } from '../account'

/** A reset token as the link carries it: 32 random bytes, base64url. */
export const RESET_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$'

export const passwordResetBody = Type.Object(
  {
    email: Type.String({ maxLength: accountRules.emailMaxLength, pattern: emailPattern }),
    redir: Type.Optional(
      Type.String({ maxLength: 300, description: 'the origin of the site asking (a shop or the platform): where the person is signed in afterwards' }),
    ),
  },
  { additionalProperties: false },
)
export type PasswordResetInput = Static<typeof passwordResetBody>

export const passwordResetAccepted = Type.Object(
  { message: Type.String({ description: 'the same whether or not an account uses the address' }) },
  { additionalProperties: false },
)

export const passwordResetParams = Type.Object(
  { token: Type.String({ pattern: RESET_TOKEN_PATTERN, description: 'the token of the e-mailed link' }) },
  { additionalProperties: false },
)

export const newPasswordBody = Type.Object(
  { password: Type.String({ minLength: accountRules.passwordMinLength, maxLength: accountRules.passwordMaxLength }) },
  { additionalProperties: false },
)
export type NewPasswordInput = Static<typeof newPasswordBody>
