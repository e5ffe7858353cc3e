import { type StaffRole, roleRank } from '@shop/domain'

/** `a` keeper, `an` administrator. */
export function article(role: string): 'a' | 'an' {
  return /^[aeiou]/i.test(role) ? 'an' : 'a'
}

const withArticle = (role: string) => `${article(role)} ${role}`

/**
 * What accepting did, from the role the API reports afterwards (`granted`): someone already on the staff
 * keeps a higher role than the invited one. Null when the role could not be read.
 */
export function acceptedMessage(invited: StaffRole, granted: StaffRole | null, shopTitle: string): string {
  if (!granted) return `You are now on the staff of ${shopTitle}.`
  if (roleRank(granted) > roleRank(invited)) return `You stay ${withArticle(granted)} of ${shopTitle}, a higher role than ${invited}.`
  return `You are now ${withArticle(granted)} of ${shopTitle}.`
}
