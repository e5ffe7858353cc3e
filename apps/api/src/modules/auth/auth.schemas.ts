import { accountRules, emailPattern } from '@shop/domain'
import { type Static, Type } from 'typebox'

/** The answers live in the domain package, where the web derives its types from them. */
export {
  type LoginCode,
  LoginCodeResponse,
  type LoginUrl,
  LoginUrlResponse,
  type TokenData,
  TokenDataResponse,
  type User,
  UserResponse,
} from '@shop/domain/schemas/auth'

export const emailField = { type: 'string', maxLength: accountRules.emailMaxLength, pattern: emailPattern } as const
export const passwordField = { type: 'string', minLength: 1, maxLength: accountRules.passwordMaxLength } as const

/** A login code, or email and password: `oneOf`, which TypeBox has no builder for, so the type is written here. */
export type TokenBody = { code: string } | { email: string; password: string }
export const tokenBodySchema = Type.Unsafe<TokenBody>({
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['code'],
      properties: { code: { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['email', 'password'],
      properties: { email: emailField, password: passwordField },
    },
  ],
})

export const userPatchSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: { type: 'string', maxLength: accountRules.nameMaxLength },
    phone: { type: 'string', maxLength: accountRules.phoneMaxLength, pattern: '^[0-9+()\\- ]*$' },
    email: { ...emailField, description: 'a new login email; needs currentPassword' },
    password: {
      type: 'string',
      minLength: accountRules.passwordMinLength,
      maxLength: accountRules.passwordMaxLength,
      description: 'a new password; needs currentPassword, and signs out every other session',
    },
    currentPassword: { ...passwordField, description: 'the password now, to change email or password' },
  },
} as const

export type UserPatch = Static<typeof userPatchSchema>

/** An origin of the platform or of one of its shops, as `GET /api/request-login` takes it. */
export const redirField = { type: 'string', maxLength: 300 } as const

/**
 * The random value a site keeps while its login is under way; the login page sends it back with the
 * code, so the site accepts only codes of logins it started (no login CSRF).
 */
export const STATE_PATTERN = '^[A-Za-z0-9_-]{16,128}$'
export const stateField = { type: 'string', pattern: STATE_PATTERN, description: 'returned unchanged with the code' } as const

export const loginCodeBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['redir'],
  properties: { redir: { ...redirField, description: 'the origin that will exchange the code' } },
} as const
