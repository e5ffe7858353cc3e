import { type FormEvent, useId, useState } from 'react'
import type { Category } from '@shop/domain/schemas/catalog'
import { Button } from '../../../components/ui/button'
import { type ProductFilters, type StockFilter, stockChoices } from '../product-filters'

type ProductFiltersFormProps = {
  filters: ProductFilters
  categories: Category[]
  onApply: (filters: ProductFilters) => void
}

/** Search, stock and category; applied together with the button (or Enter), back to page 1. */
export function ProductFiltersForm({ filters, categories, onApply }: ProductFiltersFormProps) {
  const id = useId()
  const [draft, setDraft] = useState(filters)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onApply({ ...draft, q: draft.q.trim(), page: 1 })
  }

  return (
    <form role="search" aria-label="Filter products" className="admin-toolbar" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${id}-q`}>Search</label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          maxLength={200}
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-stock`}>Stock</label>
        <select
          id={`${id}-stock`}
          name="stock"
          value={draft.stock}
          onChange={(event) => setDraft({ ...draft, stock: event.target.value as StockFilter })}
        >
          {stockChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select
          id={`${id}-category`}
          name="category"
          value={draft.category}
          onChange={(event) => setDraft({ ...draft, category: event.target.value })}
        >
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  )
}
