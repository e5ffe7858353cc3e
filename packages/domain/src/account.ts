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
