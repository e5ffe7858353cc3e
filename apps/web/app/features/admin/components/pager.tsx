import { Button } from '../../../components/ui/button'

type PagerProps = { label: string; skip: number; limit: number; total: number; onSkip: (skip: number) => void }

/** Previous and next pages of a list, with where the list is. Nothing when everything fits on one page. */
export function Pager({ label, skip, limit, total, onSkip }: PagerProps) {
  if (total <= limit) return null
  const page = Math.floor(skip / limit) + 1
  const pages = Math.ceil(total / limit)
  return (
    <nav className="admin-pager" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onSkip(Math.max(0, skip - limit))}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onSkip(skip + limit)}>
        Next
      </Button>
    </nav>
  )
}
