/** The discount code list's page, kept in the address (`?page=2`) so back and reload keep it. */

export const DISCOUNT_CODES_PER_PAGE = 20
const MAX_PAGE = 10_000

/** The page an address asks for, from 1; anything malformed means the first. */
export function parseCodesPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1
}

/** The address's search part for a page; the first page has none. */
export function codesPageParams(page: number): URLSearchParams {
  return new URLSearchParams(page > 1 ? { page: String(page) } : {})
}
