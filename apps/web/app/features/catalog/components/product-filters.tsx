import { type FormEvent, useId, useRef } from 'react'
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
import { useTypedBeforeScripts } from '../../../lib/typed-before-scripts'

type Choice = { value: string; label: string }

/** One filter: uncontrolled, so the form's change event reads it; a new address sets it again (key). */
function FilterSelect({ id, label, name, value, choices }: { id: string; label: string; name: string; value: string; choices: readonly Choice[] }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} key={value}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  )
}

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
    void navigate(
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

  // A filter chosen before the page's scripts ran changed the form but went nowhere: applied once they run.
  const form = useRef<HTMLFormElement>(null)
  useTypedBeforeScripts(form, (value) => {
    const chosen = value('order') !== sortChoiceOf(search) || value('stock') !== search.stock || value('category') !== search.category
    if (chosen && form.current) apply(form.current)
    return chosen
  })

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
        ref={form}
        className="product-filters"
        action="/products/"
        method="get"
        onSubmit={onSubmit}
        onChange={(event) => apply(event.currentTarget)}
        aria-label="Filter products"
      >
        {search.q && <input type="hidden" name="q" value={search.q} />}
        <FilterSelect id={`${id}-order`} label="Sort by" name="order" value={sortChoiceOf(search)} choices={sortChoices} />
        <FilterSelect id={`${id}-stock`} label="Availability" name="stock" value={search.stock} choices={stockChoices} />
        <FilterSelect
          id={`${id}-category`}
          label="Category"
          name="category"
          value={search.category}
          choices={[{ value: '', label: 'All categories' }, ...categories.map((category) => ({ value: category._id, label: category.name }))]}
        />
        <noscript>
          <button type="submit" className="button button-secondary">
            Apply
          </button>
        </noscript>
      </form>
    </details>
  )
}
