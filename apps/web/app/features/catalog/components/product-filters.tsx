import { type FormEvent, useId } from 'react'
import { useNavigate } from 'react-router'
import type { Category } from '@shop/domain/schemas/catalog'
import {
  type ProductSearch,
  type StockFilter,
  searchHref,
  sortChoiceOf,
  sortChoices,
  stockChoices,
} from '../search-params'

/** How many filters differ from the defaults (the collapsed panel says so). */
export function activeFilterCount(search: ProductSearch): number {
  return [sortChoiceOf(search) !== 'newest', search.stock !== 'all', search.category !== ''].filter(Boolean).length
}

/**
 * Sort, stock and category for the current search, applied as soon as one changes (starting again at page
 * 1). On a phone the panel is collapsed under one line, so the first products stay near the top; without
 * JavaScript its Apply button submits the form.
 */
export function ProductFilters({ search, categories }: { search: ProductSearch; categories: Pick<Category, '_id' | 'name'>[] }) {
  const navigate = useNavigate()
  const id = useId()
  const active = activeFilterCount(search)

  function apply(formElement: HTMLFormElement) {
    const form = new FormData(formElement)
    const order = sortChoices.find((choice) => choice.value === form.get('order')) ?? sortChoices[0]
    navigate(
      searchHref({
        q: search.q,
        sort: order.sort,
        direction: order.direction,
        stock: String(form.get('stock') ?? 'all') as StockFilter,
        category: String(form.get('category') ?? ''),
      }),
      { preventScrollReset: true },
    )
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    apply(event.currentTarget)
  }

  return (
    <details className="filters-panel">
      <summary className="filters-summary">
        Filter and sort{active > 0 && <span className="filters-active"> · {active} active</span>}
      </summary>
      <form
        className="product-filters"
        action="/products/"
        method="get"
        onSubmit={onSubmit}
        onChange={(event) => apply(event.currentTarget)}
        aria-label="Filter products"
      >
        {search.q && <input type="hidden" name="q" value={search.q} />}
        <div className="field">
          <label htmlFor={`${id}-order`}>Sort by</label>
          <select id={`${id}-order`} name="order" defaultValue={sortChoiceOf(search)} key={sortChoiceOf(search)}>
            {sortChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-stock`}>Availability</label>
          <select id={`${id}-stock`} name="stock" defaultValue={search.stock} key={search.stock}>
            {stockChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select id={`${id}-category`} name="category" defaultValue={search.category} key={search.category}>
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="button button-secondary">
            Apply
          </button>
        </noscript>
      </form>
    </details>
  )
}
