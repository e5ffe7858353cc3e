import { MAX_VARIANTS } from '@shop/domain/schemas/catalog'
import { MAX_OPTIONS, parseOptionValues, variantCombinations } from '@shop/domain'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { type VariantDraft, draftKey, optionsOfDrafts, variantsFromOptions } from '../product-form'

type OptionRow = { key: string; name: string; values: string }

const rowsOf = (variants: readonly VariantDraft[]): OptionRow[] => {
  const options = optionsOfDrafts(variants).filter((option) => option.name.trim())
  return options.length
    ? options.slice(0, MAX_OPTIONS).map((option) => ({ key: draftKey(), name: option.name, values: option.values.join(', ') }))
    : [{ key: draftKey(), name: '', values: '' }]
}

type Props = {
  variants: VariantDraft[]
  onVariantsChange: (variants: VariantDraft[]) => void
}

/**
 * Options named once ("Size" with "S, M, L", and up to two more such as "Colour"), and the variants they
 * make: every combination. Variants the product already has with the same options keep their price and
 * stock; new ones start not counted.
 */
export function VariantOptions({ variants, onVariantsChange }: Props) {
  const id = useId()
  const [rows, setRows] = useState<OptionRow[]>(() => rowsOf(variants))
  const [status, setStatus] = useState<string | null>(null)
  const options = rows.map((row) => ({ name: row.name.trim(), values: parseOptionValues(row.values) }))
  const count = variantCombinations(options).length
  const tooMany = count > MAX_VARIANTS
  const update = (key: string, change: Partial<OptionRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)))
    setStatus(null)
  }

  function make() {
    const next = variantsFromOptions(options, variants)
    const kept = next.filter((variant) => variants.includes(variant)).length
    const removed = variants.length - kept
    onVariantsChange(next)
    setStatus(
      `${next.length} ${next.length === 1 ? 'variant' : 'variants'}: ${next.length - kept} new` +
        (removed > 0 ? `, ${removed} removed (not saved until you save the product)` : '') +
        '.',
    )
  }

  return (
    <div className="variant-options">
      <p className="hint" id={`${id}-hint`}>
        Name an option once with its choices, separated by commas, such as Size: S, M, L. Add a second option, such as Colour, for
        every combination.
      </p>
      <ol className="option-list">
        {rows.map((row, i) => (
          <li key={row.key} className="option-row">
            <Field name={`options.${i}.name`} label={<>Option {i + 1}</>}>
              {(props) => (
                <input {...props} type="text" maxLength={50} placeholder={i === 0 ? 'Size' : 'Colour'} value={row.name} onChange={(event) => update(row.key, { name: event.target.value })} />
              )}
            </Field>
            <Field name={`options.${i}.values`} label={<>Choices<span className="visually-hidden"> of option {i + 1}</span></>}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  placeholder={i === 0 ? 'S, M, L' : 'Red, Blue'}
                  value={row.values}
                  onChange={(event) => update(row.key, { values: event.target.value })}
                />
              )}
            </Field>
            {rows.length > 1 && (
              <Button variant="ghost" className="button-small" onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}>
                Remove<span className="visually-hidden"> option {i + 1}</span>
              </Button>
            )}
          </li>
        ))}
      </ol>
      <div className="option-actions">
        <Button
          variant="secondary"
          className="button-small"
          disabled={rows.length >= MAX_OPTIONS}
          onClick={() => setRows((current) => [...current, { key: draftKey(), name: '', values: '' }])}
        >
          Add option
        </Button>
        <Button variant="secondary" onClick={make} disabled={count === 0 || tooMany}>
          {count > 0 ? `Make ${count} ${count === 1 ? 'variant' : 'variants'}` : 'Make variants'}
        </Button>
      </div>
      {tooMany && <p className="field-error">At most {MAX_VARIANTS} variants: use fewer choices.</p>}
      <p className="hint" role="status">
        {status}
      </p>
    </div>
  )
}
