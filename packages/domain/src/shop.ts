/** A shop's slug names its host, `{slug}.{ROOT_DOMAIN}`. */
export const slugPattern = '^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$'
const slugRegExp = new RegExp(slugPattern)

/** Slugs that would clash with the platform's own hosts. */
export const reservedSlugs = new Set(['www', 'api', 'admin', 'app', 'login', 'static', 'assets', 'mail'])

export function isValidSlug(slug: string): boolean {
  return slugRegExp.test(slug) && !slug.includes('--') && !reservedSlugs.has(slug)
}
