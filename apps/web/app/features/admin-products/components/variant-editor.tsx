import { MAX_VARIANTS } from '@shop/domain/schemas/catalog'
import { useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import type { FieldErrors } from '../../../lib/form-errors'
import {
  type ImageDraft,
  type StockDraft,
  type VariantDraft,
  addFeature,
  canAddFeature,
  newVariant,
  removeFeature,
  updateFeature,
} from '../product-form'
import { StockFields } from './stock-fields'
import { VariantOfferFields } from './variant-offer-fields'
import { VariantOptions } from './variant-options'

type VariantEditorProps = {
  variants: VariantDraft[]
  /** The stock of the product itself, edited while it has no variants. */
  stock: StockDraft
  errors: FieldErrors
  /** The product's pictures, for each variant to choose its own from. */
  images: ImageDraft[]
  currency: string
  onVariantsChange: (variants: VariantDraft[]) => void
  onStockChange: (stock: StockDraft) => void
}

/** Variants as lists of features (Size: M, Colour: Red), each with its stock; or one stock without variants. */
export function VariantEditor({ variants, stock, errors, images, currency, onVariantsChange, onStockChange }: VariantEditorProps) {
  // The control to focus once it exists: the first field of a variant or feature just added.
  const [focusKey, setFocusKey] = useState<string | null>(null)
  // A removed row takes the focus with it: it moves to the nearest add button instead.
  const addVariantButton = useRef<HTMLButtonElement>(null)
  const id = useId()
  const addFeatureId = (variant: VariantDraft) => `${id}-add-feature-${variant.key}`
  // A message about a whole variant describes its fieldset, as a field's message describes its control.
  const variantErrorIds = (i: number) =>
    [errors[`variants.${i}.features`] && `${id}-variant-${i}-features-error`, errors[`variants.${i}._id`] && `${id}-variant-${i}-id-error`]
      .filter(Boolean)
      .join(' ') || undefined
  const change = (index: number, variant: VariantDraft) => onVariantsChange(variants.map((old, i) => (i === index ? variant : old)))

  function add() {
    const variant = newVariant(variants)
    setFocusKey(variant.features[0]!.key)
    onVariantsChange([...variants, variant])
  }

  return (
    <fieldset className="panel" aria-describedby={errors.variants ? `${id}-variants-error` : undefined}>
      <legend>Variants and stock</legend>
      <p className="hint">
        Variants are the choices shoppers pick from, such as Size: M and Colour: Red. Each variant has its own stock, and may have its own
        price, SKU and picture.
      </p>
      <VariantOptions variants={variants} onVariantsChange={onVariantsChange} />
      {variants.length === 0 && <StockFields name="stock" stock={stock} error={errors['stock.quantity']} onChange={onStockChange} />}
      {errors.variants && (
        <p className="field-error" id={`${id}-variants-error`}>
          {errors.variants}
        </p>
      )}
      <ol className="variant-list">
        {variants.map((variant, i) => (
          <li key={variant.key}>
            <fieldset className="variant" aria-describedby={variantErrorIds(i)}>
              <legend>Variant {i + 1}</legend>
              <ul className="feature-list">
                {variant.features.map((feature, j) => {
                  const path = `variants.${i}.features.${j}`
                  return (
                    <li key={feature.key} className="feature-row">
                      <Field
                        name={`${path}.name`}
                        label={<><span className="visually-hidden">Feature {j + 1} </span>Name</>}
                        error={errors[`${path}.name`]}
                      >
                        {(props) => (
                          <input
                            {...props}
                            type="text"
                            maxLength={50}
                            placeholder="Size"
                            autoFocus={feature.key === focusKey}
                            value={feature.name}
                            onChange={(event) => change(i, updateFeature(variant, feature.key, { name: event.target.value }))}
                          />
                        )}
                      </Field>
                      <Field
                        name={`${path}.value`}
                        label={<><span className="visually-hidden">Feature {j + 1} </span>Value</>}
                        error={errors[`${path}.value`]}
                      >
                        {(props) => (
                          <input
                            {...props}
                            type="text"
                            maxLength={100}
                            placeholder="M"
                            value={feature.value}
                            onChange={(event) => change(i, updateFeature(variant, feature.key, { value: event.target.value }))}
                          />
                        )}
                      </Field>
                      <Button
                        variant="ghost"
                        className="button-small"
                        onClick={() => {
                          change(i, removeFeature(variant, feature.key))
                          document.getElementById(addFeatureId(variant))?.focus()
                        }}
                      >
                        Remove<span className="visually-hidden"> feature {j + 1}</span>
                      </Button>
                    </li>
                  )
                })}
              </ul>
              {errors[`variants.${i}.features`] && (
                <p className="field-error" id={`${id}-variant-${i}-features-error`}>
                  {errors[`variants.${i}.features`]}
                </p>
              )}
              {errors[`variants.${i}._id`] && (
                <p className="field-error" id={`${id}-variant-${i}-id-error`}>
                  {errors[`variants.${i}._id`]}
                </p>
              )}
              <Button
                id={addFeatureId(variant)}
                variant="secondary"
                className="button-small"
                disabled={!canAddFeature(variant)}
                onClick={() => {
                  const next = addFeature(variant)
                  setFocusKey(next.features.at(-1)!.key)
                  change(i, next)
                }}
              >
                Add feature<span className="visually-hidden"> to variant {i + 1}</span>
              </Button>
              <VariantOfferFields
                index={i}
                variant={variant}
                images={images}
                currency={currency}
                errors={errors}
                onChange={(next) => change(i, next)}
              />
              <StockFields
                name={`variants.${i}.stock`}
                stock={variant.stock}
                error={errors[`variants.${i}.stock.quantity`]}
                onChange={(next) => change(i, { ...variant, stock: next })}
              />
              <Button
                variant="ghost"
                className="button-small button-remove"
                onClick={() => {
                  onVariantsChange(variants.filter((old) => old.key !== variant.key))
                  addVariantButton.current?.focus()
                }}
              >
                Remove variant {i + 1}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button ref={addVariantButton} variant="secondary" onClick={add} disabled={variants.length >= MAX_VARIANTS}>
        Add variant
      </Button>
    </fieldset>
  )
}
