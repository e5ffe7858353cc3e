import { CategoryCreateBody, type Category } from '@shop/domain/schemas/catalog'
import { type KeyboardEvent, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { type FieldErrors, hasErrors, validate } from '../../../lib/form-errors'
import { jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import type { ProductPageAnswer } from '../product-actions'

type CategoryPickerProps = {
  shop: string
  /** The shop's categories, sorted by name (from the page's loader). */
  categories: Category[]
  selected: string[]
  error?: string
  onToggle: (id: string, checked: boolean) => void
  /** A new category is chosen for the product at once. */
  onCreated: (category: Category) => void
  /** The API has taken a deleted category out of every product already. */
  onDeleted: (category: Category) => void
}

/**
 * The shop's categories as checkboxes, plus adding and deleting categories in place. Those changes are
 * saved at once (they belong to the shop, not to this product's unsaved form), through the page's
 * `create-category` and `delete-category` intents; the page's data then reloads with the new list.
 */
export function CategoryPicker({ shop, categories, selected, error, onToggle, onCreated, onDeleted }: CategoryPickerProps) {
  const toast = useToast()
  const errorId = useId()
  const adder = useFetcher<ProductPageAnswer>()
  const remover = useFetcher<ProductPageAnswer>()
  const [name, setName] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [doomed, setDoomed] = useState<Category | null>(null)
  const adding = adder.state !== 'idle'
  const deleting = remover.state !== 'idle'

  useFetcherDone(adder, (answer) => {
    if (answer.intent !== 'create-category') return
    if (!answer.ok) return setErrors(answer.errors)
    onCreated(answer.data)
    setName('')
    toast(`Category “${answer.data.name}” added`)
  })
  useFetcherDone(remover, (answer) => {
    if (answer.intent !== 'delete-category') return
    setDoomed(null)
    if (!answer.ok) return toast(problemOf(answer.errors), 'error')
    onDeleted(answer.data)
    toast(`Category “${answer.data.name}” deleted`)
  })

  function add() {
    const body = { shop, name: name.trim() }
    const found = validate(CategoryCreateBody, body)
    if (hasErrors(found)) return setErrors(found)
    void adder.submit({ intent: 'create-category', name: body.name }, jsonSubmit)
  }

  function onNameKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the category rather than submitting the product form around it.
    if (event.key !== 'Enter') return
    event.preventDefault()
    add()
  }

  function remove(category: Category) {
    void remover.submit({ intent: 'delete-category', id: category._id }, jsonSubmit)
  }

  return (
    <fieldset className="panel" aria-describedby={error ? errorId : undefined}>
      <legend>Categories</legend>
      {categories.length === 0 ? (
        <p className="hint">No categories yet. Add one below.</p>
      ) : (
        <ul className="category-list">
          {categories.map((category) => (
            <li key={category._id}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="categories"
                  value={category._id}
                  checked={selected.includes(category._id)}
                  onChange={(event) => onToggle(category._id, event.target.checked)}
                />
                {category.name}
              </label>
              <Button variant="ghost" className="button-small button-remove" onClick={() => setDoomed(category)}>
                Delete<span className="visually-hidden"> category {category.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}

      <div className="category-add">
        <Field name="category-name" label="New category" error={errors.name ?? errors.form}>
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={100}
              autoComplete="off"
              value={name}
              onKeyDown={onNameKeyDown}
              onChange={(event) => {
                setName(event.target.value)
                setErrors({})
              }}
            />
          )}
        </Field>
        <Button variant="secondary" onClick={() => add()} disabled={adding} aria-busy={adding || undefined}>
          Add category
        </Button>
      </div>

      <ConfirmDialog
        open={doomed !== null}
        title={`Delete the category “${doomed?.name ?? ''}”?`}
        confirmLabel="Delete category"
        danger
        busy={deleting}
        onConfirm={() => doomed && remove(doomed)}
        onCancel={() => setDoomed(null)}
      >
        <p>It is taken off every product in it; the products stay.</p>
      </ConfirmDialog>
    </fieldset>
  )
}
