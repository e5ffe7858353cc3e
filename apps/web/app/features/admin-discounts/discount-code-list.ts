/** The discount code list's page, kept in the address (`?page=2`) so back and reload keep it. */
import { pageParam } from '../../lib/page-number'

export const DISCOUNT_CODES_PER_PAGE = 20

/** The page an address asks for, from 1; anything malformed means the first. */
export const parseCodesPage = pageParam

/** The address's search part for a page; the first page has none. */
export function codesPageParams(page: number): URLSearchParams {
  return new URLSearchParams(page > 1 ? { page: String(page) } : {})
}
