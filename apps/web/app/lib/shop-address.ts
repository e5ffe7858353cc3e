/** A new shop's address (docs/architecture.md §3): its slug, suggested from the title, and the host it names. */
import { isValidSlug } from '@shop/domain'

const SLUG_MAX = 40

/** Lower-case letters and digits of the title's words, joined by single hyphens, cut at a whole word. */
export function suggestSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = words[0]?.slice(0, SLUG_MAX) ?? ''
  for (const word of words.slice(1)) {
    if (slug.length + 1 + word.length > SLUG_MAX) break
    slug = `${slug}-${word}`
  }
  // Too short, or one of the platform's own names: make it a shop's.
  return slug && !isValidSlug(slug) ? `${slug}-shop` : slug
}

/** `{scheme}://{slug}.{root domain}`: shops live under the platform's host, with its scheme. */
export function shopOrigin(platformUrl: string, slug: string): string {
  const { protocol, host } = new URL(platformUrl)
  return `${protocol}//${slug}.${host}`
}

/**
 * What the address field may promise about `slug`, from the last availability check: that the shop "will
 * open" there only once that very address is known to be free; nothing once it is known to be taken (the
 * status beside it says so); that the address "would be" it while that is not known yet.
 */
export function addressPromise(slug: string, check: { slug: string; state: string } | null): 'will-open' | 'would-be' | 'none' {
  if (!slug) return 'none'
  const known = check?.slug === slug ? check.state : null
  if (known === 'taken') return 'none'
  return known === 'available' ? 'will-open' : 'would-be'
}
