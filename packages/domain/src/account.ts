/** Account field rules, shared by the API schemas and the browser forms. */
export const accountRules = {
  emailMaxLength: 254,
  passwordMinLength: 8,
  passwordMaxLength: 200,
  nameMaxLength: 100,
  phoneMaxLength: 30,
} as const

// Deliberately simple: one @, something on both sides, a dot in the domain, no spaces.
export const emailPattern = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'
const emailRegExp = new RegExp(emailPattern)

export function isValidEmail(email: string): boolean {
  return email.length <= accountRules.emailMaxLength && emailRegExp.test(email)
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export type LoginField = 'email' | 'password'
export type LoginProblems = Partial<Record<LoginField, string>>

/**
 * What is wrong with a sign-in or sign-up form before any account is looked at, one message per field,
 * in the order the fields appear (the login page shows each beside its field). `email` is normalized.
 */
export function loginProblems(mode: 'signin' | 'signup', form: { email: string; password: string }): LoginProblems {
  const problems: LoginProblems = {}
  if (!form.email) problems.email = 'Enter your email address.'
  else if (!isValidEmail(form.email)) problems.email = 'Enter a valid email address, like name@example.com.'
  if (!form.password) problems.password = mode === 'signup' ? 'Choose a password.' : 'Enter your password.'
  else if (form.password.length > accountRules.passwordMaxLength) problems.password = 'That password is too long.'
  else if (mode === 'signup' && form.password.length < accountRules.passwordMinLength) {
    problems.password = `Choose a password of at least ${accountRules.passwordMinLength} characters.`
  }
  return problems
}
