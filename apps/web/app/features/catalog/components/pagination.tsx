import { Link } from 'react-router'

/** Numbered pages with Previous and Next; `href(page)` builds each address. */
export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null
  const shown = pageNumbers(page, pages)
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        <li>
          {page > 1 ? (
            <Link prefetch="intent" to={href(page - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
        </li>
        {shown.map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <Link prefetch="intent" to={href(number)} aria-current={number === page ? 'page' : undefined} aria-label={`Page ${number}`}>
                {number}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link prefetch="intent" to={href(page + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  )
}

/** First, last and the pages around the current one; null marks a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages))
  const sorted = [...wanted].sort((a, b) => a - b)
  const result: (number | null)[] = []
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) result.push(null)
    result.push(n)
  })
  return result
}
