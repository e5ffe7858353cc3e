import { MAX_AMOUNT, MAX_SKU_LENGTH } from '@shop/domain/schemas/catalog'
import { Field } from '../../../components/ui/field'
import { MoneyInput } from '../../../components/ui/number-input'
import type { FieldErrors } from '../../../lib/form-errors'
import type { ImageDraft, PictureDraft, VariantDraft } from '../product-form'

type Props = {
  /** The variant's place in the form (`variants.{index}`), as errors name its fields. */
  index: number
  variant: VariantDraft
  /** The product's pictures, to choose the variant's from. */
  images: ImageDraft[]
  currency: string
  errors: FieldErrors
  onChange: (variant: VariantDraft) => void
}

const pictureName = (image: PictureDraft, i: number) => `Picture ${i + 1}${image.alt.trim() ? `: ${image.alt.trim()}` : ''}`

/** A variant's own price, sale price, SKU and picture; left blank, the product's apply. */
export function VariantOfferFields({ index, variant, images, currency, errors, onChange }: Props) {
  const path = `variants.${index}`
  // The variant's picture stays choosable even when the product's own list no longer has it.
  const choices: PictureDraft[] = [...images, ...(variant.image && !images.some((image) => image.url === variant.image!.url) ? [variant.image] : [])]
  const number = (text: string) => (
    <span className="visually-hidden">
      {' '}
      {text} {index + 1}
    </span>
  )
  return (
    <div className="variant-offer">
      <Field name={`${path}.price.value`} label={<>Price ({currency}){number('of variant')}</>} hint="Blank: the product’s." error={errors[`${path}.price.value`]}>
        {(props) => (
          <MoneyInput {...props} max={MAX_AMOUNT} value={variant.price} onChange={(price) => onChange({ ...variant, price })} />
        )}
      </Field>
      <Field name={`${path}.sellAt`} label={<>Sale price{number('of variant')}</>} hint="Blank: the product’s. 0: none." error={errors[`${path}.sellAt`]}>
        {(props) => (
          <MoneyInput {...props} max={MAX_AMOUNT} value={variant.sellAt} onChange={(sellAt) => onChange({ ...variant, sellAt })} />
        )}
      </Field>
      <Field name={`${path}.sku`} label={<>SKU{number('of variant')}</>} hint="Your code, once per shop." error={errors[`${path}.sku`]}>
        {(props) => (
          <input {...props} type="text" autoComplete="off" maxLength={MAX_SKU_LENGTH} value={variant.sku} onChange={(event) => onChange({ ...variant, sku: event.target.value })} />
        )}
      </Field>
      <Field name={`${path}.image.url`} label={<>Picture{number('of variant')}</>} error={errors[`${path}.image.url`]}>
        {(props) => (
          <select
            {...props}
            value={variant.image?.url ?? ''}
            onChange={(event) => onChange({ ...variant, image: choices.find((image) => image.url === event.target.value) ?? null })}
          >
            <option value="">Product’s</option>
            {choices.map((image, i) => (
              <option key={image.url} value={image.url}>
                {pictureName(image, i)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {variant.image && <img className="variant-picture" src={variant.image.thumbnail} alt="" width={48} height={48} />}
    </div>
  )
}
