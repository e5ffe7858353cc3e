/** Lists paged in the address (`?page=2`), so back and reload keep the page. */
import { notFound } from './route-errors'

/** Past this, a page number is a typo or a probe, never a list anyone pages through. */
export const MAX_PAGE = 10_000

/** The page an address asks for, from 1; anything malformed means the first, anything huge the last allowed. */
export function pageParam(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1
}

/** Ends a public page's loader with the 404 page for a page past the end of its list: that address shows nothing. */
export function assertPageInRange(page: number, shownOnPage: number): void {
  if (page > 1 && shownOnPage === 0) notFound()
}
