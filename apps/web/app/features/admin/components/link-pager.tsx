import { Link, type To } from 'react-router'

type LinkPagerProps = { page: number; pages: number; hrefFor: (page: number) => To }

/**
 * Previous and Next as links, for lists whose page lives in the address (back and reload keep it);
 * hidden when everything fits on one page.
 */
export function LinkPager({ page, pages, hrefFor }: LinkPagerProps) {
  if (pages <= 1 && page === 1) return null
  const step = (target: number, label: string, rel: 'prev' | 'next') =>
    target >= 1 && target <= pages && target !== page ? (
      <Link className="button button-secondary" to={hrefFor(target)} rel={rel}>
        {label}
      </Link>
    ) : (
      <span className="button button-secondary" aria-disabled="true">
        {label}
      </span>
    )
  return (
    <nav className="admin-pager" aria-label="Pages">
      {step(Math.min(page - 1, pages), 'Previous', 'prev')}
      <span>
        Page {page} of {Math.max(pages, 1)}
      </span>
      {step(page + 1, 'Next', 'next')}
    </nav>
  )
}
