/**
 * Readable product addresses: `/products/{id}-{slug}`, the slug made from the title (ASCII, lower case,
 * words joined by hyphens). The id alone finds the product; an address with the id only, or with a slug the
 * title no longer gives, is answered with a permanent redirect to the current one (docs/decisions/0072).
 */

/** Longest slug kept: enough words to read, short enough to share. */
const MAX_SLUG = 60
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/** `Kente Shirt (Größe M) — 100% cotton` → `kente-shirt-grosse-m-100-cotton`; '' when nothing readable is left. */
export function productSlug(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/&/g, ' and ')
    .toLowerCase()
  const words = ascii.replace(/'/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  if (words.length <= MAX_SLUG) return words
  const cut = words.slice(0, MAX_SLUG + 1)
  const atWord = cut.lastIndexOf('-')
  return (atWord > MAX_SLUG / 2 ? cut.slice(0, atWord) : cut.slice(0, MAX_SLUG)).replace(/-+$/, '')
}

/** The product's address on its shop's site (a path; the site's origin makes it absolute). */
export function productPath(product: { _id: string; title: string }): string {
  const slug = productSlug(product.title)
  return slug ? `/products/${product._id}-${slug}` : `/products/${product._id}`
}

/** The product id at the start of an address's `{id}-{slug}` part; null when it does not start with one. */
export function productIdOf(param: string): string | null {
  const match = UUID.exec(param)
  if (!match) return null
  const rest = param.slice(match[0].length)
  return rest === '' || rest.startsWith('-') ? match[0].toLowerCase() : null
}
