import { CategoryCreateBody } from '@shop/domain/schemas/catalog'
import { type KeyboardEvent, useId, useState } from 'react'
import { LoadError } from '../../../components/load-error'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { api, errorMessage } from '../../../lib/api'
import { type FieldErrors, hasErrors, serverFieldErrors, validate } from '../../../lib/form-errors'
import { useApiData } from '../../../lib/use-api-data'
import { createCategory } from '../../../api/categories/create-category'
import { deleteCategory } from '../../../api/categories/delete-category'
import { listCategories } from '../../../api/categories/list-categories'
import type { AdminCategory } from '../types'

type CategoryPickerProps = {
  shop: string
  selected: string[]
  error?: string
  onToggle: (id: string, checked: boolean) => void
  /** A new category is chosen for the product at once. */
  onCreated: (category: AdminCategory) => void
  /** The API has taken a deleted category out of every product already. */
  onDeleted: (category: AdminCategory) => void
}

/** The API's largest page: a shop's categories fit in one (they are a short list of names). */
const MAX_CATEGORIES = 100

/**
 * The shop's categories as checkboxes, plus adding and deleting categories in place. Those changes are
 * saved at once (they belong to the shop, not to this product's unsaved form).
 */
export function CategoryPicker({ shop, selected, error, onToggle, onCreated, onDeleted }: CategoryPickerProps) {
  const toast = useToast()
  const errorId = useId()
  const categories = useApiData(`categories:${shop}`, async () => (await listCategories(api, { shop, $limit: MAX_CATEGORIES })).data)
  const [name, setName] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [adding, setAdding] = useState(false)
  const [doomed, setDoomed] = useState<AdminCategory | null>(null)
  const [deleting, setDeleting] = useState(false)
  const list = categories.data ?? []

  async function add() {
    const body = { shop, name: name.trim() }
    const found = validate(CategoryCreateBody, body)
    if (hasErrors(found)) return setErrors(found)
    setAdding(true)
    try {
      const category = await createCategory(api, body)
      const next = [...list, category].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
      categories.setData(next)
      onCreated(category)
      setName('')
      toast(`Category “${category.name}” added`)
    } catch (failure) {
      setErrors(serverFieldErrors(failure, ['name']))
    } finally {
      setAdding(false)
    }
  }

  function onNameKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the category rather than submitting the product form around it.
    if (event.key !== 'Enter') return
    event.preventDefault()
    void add()
  }

  async function remove(category: AdminCategory) {
    setDeleting(true)
    try {
      await deleteCategory(api, category._id)
      categories.setData(list.filter((other) => other._id !== category._id))
      onDeleted(category)
      toast(`Category “${category.name}” deleted`)
    } catch (failure) {
      toast(errorMessage(failure), 'error')
    } finally {
      setDeleting(false)
      setDoomed(null)
    }
  }

  return (
    <fieldset className="panel" aria-describedby={error ? errorId : undefined}>
      <legend>Categories</legend>
      {categories.error && !categories.data ? (
        <LoadError error={categories.error} onRetry={categories.reload} />
      ) : categories.loading && !categories.data ? (
        <p className="loading" role="status">
          Loading categories…
        </p>
      ) : list.length === 0 ? (
        <p className="hint">No categories yet. Add one below.</p>
      ) : (
        <ul className="category-list">
          {list.map((category) => (
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
        <Button variant="secondary" onClick={() => void add()} disabled={adding} aria-busy={adding || undefined}>
          Add category
        </Button>
      </div>

      <ConfirmDialog
        open={doomed !== null}
        title={`Delete the category “${doomed?.name ?? ''}”?`}
        confirmLabel="Delete category"
        danger
        busy={deleting}
        onConfirm={() => doomed && void remove(doomed)}
        onCancel={() => setDoomed(null)}
      >
        <p>It is taken off every product in it; the products stay.</p>
      </ConfirmDialog>
    </fieldset>
  )
}
