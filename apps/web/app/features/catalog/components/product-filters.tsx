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

/** Sort, stock and category for the current search; applying starts again at page 1. */
export function ProductFilters({ search, categories }: { search: ProductSearch; categories: Pick<Category, '_id' | 'name'>[] }) {
  const navigate = useNavigate()
  const id = useId()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const order = sortChoices.find((choice) => choice.value === form.get('order')) ?? sortChoices[0]
    navigate(
      searchHref({
        q: search.q,
        sort: order.sort,
        direction: order.direction,
        stock: String(form.get('stock') ?? 'all') as StockFilter,
        category: String(form.get('category') ?? ''),
      }),
    )
  }

  return (
    <form className="product-filters" action="/products/" method="get" onSubmit={onSubmit} aria-label="Filter products">
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
      <button type="submit" className="button button-secondary">
        Apply
      </button>
    </form>
  )
}
