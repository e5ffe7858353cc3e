import { type FormEvent, useId } from 'react'
import { useLocation, useNavigate } from 'react-router'

/**
 * The navbar's search box. Submitting pushes `/products/?q={trimmed query}` (docs/product.md §2, §5); without
 * JavaScript the plain GET form gets there too (the results page trims again).
 */
export function SearchForm() {
  const navigate = useNavigate()
  const location = useLocation()
  const inputId = useId()
  const current = location.pathname.startsWith('/products') ? (new URLSearchParams(location.search).get('q') ?? '') : ''

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    void navigate(q ? `/products/?q=${encodeURIComponent(q)}` : '/products/')
  }

  return (
    <form role="search" action="/products/" method="get" className="search-form" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        // A new address (back, forward, another search) resets the box to its query.
        key={current}
        id={inputId}
        type="search"
        name="q"
        defaultValue={current}
        placeholder="Search products"
        autoComplete="off"
        maxLength={200}
      />
      <button type="submit" className="search-submit">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
          />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  )
}
