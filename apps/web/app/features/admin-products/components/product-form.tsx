import { can } from '@shop/domain'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import { type Category, MAX_AMOUNT, type Product } from '@shop/domain/schemas/catalog'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field, FormError } from '../../../components/ui/field'
import { MoneyInput } from '../../../components/ui/number-input'
import { useToast } from '../../../components/ui/toast'
import { type FieldErrors, hasErrors } from '../../../lib/form-errors'
import { jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes'
import { useAdmin } from '../../../lib/use-admin'
import type { ProductPageAnswer } from '../product-actions'
import { type ProductFormValues, toFormErrors, validateProductForm, withSavedIds } from '../product-form'
import { CategoryPicker } from './category-picker'
import { ImageEditor } from './image-editor'
import { VariantEditor } from './variant-editor'

type ProductFormProps = {
  /** The product being edited; null for a new one. */
  product: Product | null
  initial: ProductFormValues
  /** The shop's categories (from the page's loader). */
  categories: Category[]
}

const LIST = '/admin/products'
const editPath = (id: string) => `${LIST}/${id}`

/** Without the path's parents: `variants.0` clears `variants.0.features.1.name` too. */
function withoutErrors(errors: FieldErrors, path: string): FieldErrors {
  const kept = Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`) && key !== 'form')
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept)
}

/**
 * One form to create and edit a product, its images, variants, stock and categories. It submits the page's
 * `save` and `delete` intents (features/admin-products/product-actions.ts).
 */
export function ProductForm({ product, initial, categories }: ProductFormProps) {
  const { shop, role } = useAdmin()
  const toast = useToast()
  const navigate = useNavigate()
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  const [values, setValues] = useState(initial)
  // The form as last loaded or saved: what "unsaved changes" and the changed stock rows compare with.
  const [saved, setSaved] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const fetcher = useFetcher<ProductPageAnswer>()
  const busy = fetcher.state !== 'idle'
  const [pendingUploads, setPendingUploads] = useState(0)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  // Set when the page is done with (saved as new, or deleted): the next render navigates without a warning.
  const [leaveTo, setLeaveTo] = useState<string | null>(null)
  const editable = can(role, 'catalog.edit')

  const leaveDialog = useUnsavedChanges(leaveTo === null && JSON.stringify(values) !== JSON.stringify(saved))
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo)
  }, [leaveTo, navigate])

  function change<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K], errorPath: string = key) {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => withoutErrors(current, errorPath))
  }

  function showErrors(found: FieldErrors) {
    setErrors(found)
    // After React has marked the fields: focus the first one, else announce a summary.
    requestAnimationFrame(() => {
      const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      if (invalid) invalid.focus()
      else setErrors((current) => ({ form: 'Check the messages in the form below.', ...current }))
    })
  }

  // The form's values when it was sent: the answer's field problems and saved ids are matched to them.
  const sent = useRef(values)

  useFetcherDone(fetcher, (answer) => {
    if (answer.intent === 'save') {
      if (!answer.ok) return showErrors(toFormErrors(sent.current, answer.errors))
      const { product: result, stockError } = answer.data
      if (!product) {
        if (stockError) toast(`Product created, but its stock was not saved: ${stockError}`, 'error')
        else toast('Product created')
        setLeaveTo(editPath(result._id))
        return
      }
      const next = withSavedIds(sent.current, result)
      setValues(next)
      if (stockError) {
        // `saved` stays as it was: the stock still differs from it, so saving again writes it again.
        setErrors({ form: `The product is saved, but its stock is not: ${stockError}` })
        return
      }
      setSaved(next)
      setErrors({})
      toast('Product saved')
    } else if (answer.intent === 'delete') {
      setConfirmingDelete(false)
      if (!answer.ok) return toast(problemOf(answer.errors), 'error')
      toast('Product deleted')
      setLeaveTo(LIST)
    }
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validateProductForm(values)
    if (hasErrors(found)) return showErrors(found)
    sent.current = values
    void fetcher.submit({ intent: 'save', values, previous: product ? saved : null }, jsonSubmit)
  }

  function onDelete() {
    if (!product) return
    void fetcher.submit({ intent: 'delete' }, jsonSubmit)
  }

  return (
    <form ref={form} className="admin-form product-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <fieldset className="panel">
        <legend>Details</legend>
        <Field name="title" label="Title" error={errors.title}>
          {(props) => (
            <input {...props} type="text" maxLength={200} value={values.title} onChange={(event) => change('title', event.target.value)} />
          )}
        </Field>
        <Field name="description" label="Description" hint="Plain text or Markdown." error={errors.description}>
          {(props) => (
            <textarea
              {...props}
              rows={5}
              maxLength={10_000}
              value={values.description}
              onChange={(event) => change('description', event.target.value)}
            />
          )}
        </Field>
        <label className="checkbox">
          <input
            type="checkbox"
            name="available"
            checked={values.available}
            onChange={(event) => change('available', event.target.checked)}
            aria-describedby={`${id}-available-hint`}
          />
          Available in the shop
        </label>
        <p className="field-hint" id={`${id}-available-hint`}>
          Shoppers see only available products; staff see them all.
        </p>
      </fieldset>

      <fieldset className="panel">
        <legend>Price</legend>
        <div className="price-fields">
          <Field name="price.value" label="Price" error={errors['price.value']}>
            {(props) => <MoneyInput {...props} max={MAX_AMOUNT} value={values.price} onChange={(price) => change('price', price, 'price.value')} />}
          </Field>
          {/* Read-only: checkout sells only in the shop's currency, so a product in another could not be bought. */}
          <Field name="price.currency" label="Currency" error={errors['price.currency']}>
            {(props) => (
              <input
                {...props}
                type="text"
                readOnly
                value={values.currency}
                aria-describedby={[props['aria-describedby'], `${id}-currency-hint`].filter(Boolean).join(' ')}
              />
            )}
          </Field>
        </div>
        <p className="field-hint" id={`${id}-currency-hint`}>
          Products are priced in the shop’s currency, {values.currency}.
        </p>
        <Field name="sellAt" label="Sale price" hint="0 means not on sale." error={errors.sellAt}>
          {(props) => <MoneyInput {...props} max={MAX_AMOUNT} value={values.sellAt} onChange={(sellAt) => change('sellAt', sellAt)} />}
        </Field>
      </fieldset>

      <ImageEditor
        shop={shop._id}
        images={values.images}
        errors={errors}
        onChange={(update) => {
          setValues((current) => ({ ...current, images: update(current.images) }))
          setErrors((current) => withoutErrors(current, 'images'))
        }}
        onPendingChange={setPendingUploads}
      />

      <VariantEditor
        variants={values.variants}
        stock={values.stock}
        errors={errors}
        images={values.images}
        currency={values.currency}
        onVariantsChange={(variants) => change('variants', variants)}
        onStockChange={(stock) => change('stock', stock)}
      />

      <CategoryPicker
        shop={shop._id}
        categories={categories}
        selected={values.categories}
        error={errors.categories}
        onToggle={(id, checked) =>
          change('categories', checked ? [...values.categories, id] : values.categories.filter((other) => other !== id))
        }
        onCreated={(category) => change('categories', [...values.categories, category._id])}
        onDeleted={(category) => {
          // Already gone from every product on the server: not an unsaved change here.
          const drop = (current: ProductFormValues) => ({
            ...current,
            categories: current.categories.filter((id) => id !== category._id),
          })
          setValues(drop)
          setSaved(drop)
        }}
      />

      {/* Beside the save button, where the eye is when it appears. */}
      <FormError error={errors.form} />
      {editable && (
        <div className="form-actions">
          <Button type="submit" disabled={busy || pendingUploads > 0} aria-busy={busy || undefined}>
            {product ? 'Save product' : 'Create product'}
          </Button>
          {pendingUploads > 0 && <p className="field-hint">Waiting for the images to finish uploading…</p>}
          {product && (
            <Button className="button-danger" onClick={() => setConfirmingDelete(true)} disabled={busy}>
              Delete product
            </Button>
          )}
        </div>
      )}

      {product && (
        <ConfirmDialog
          open={confirmingDelete}
          title={`Delete “${product.title}”?`}
          confirmLabel="Delete product"
          danger
          busy={busy}
          onConfirm={onDelete}
          onCancel={() => setConfirmingDelete(false)}
        >
          <p>It is removed from the shop with its stock. Orders that include it keep their copy.</p>
        </ConfirmDialog>
      )}
      {leaveDialog}
    </form>
  )
}
