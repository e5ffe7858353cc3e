import type { FieldControlProps } from './field'

type NumberInputProps = FieldControlProps & {
  /** The text as typed: the form turns it into a number when it builds its body (`numberField`). */
  value: string
  onChange: (text: string) => void
  min?: number
  max?: number
  /** 1 (the default) for whole numbers; a fraction like 0.01 for decimals. */
  step?: number
  className?: string
}

/**
 * A number the shop types: the phone's number pad (digits only for whole numbers, with a decimal point
 * otherwise), the bounds the schema has, and the text kept as typed so an empty or half-typed value is the
 * schema's to judge. Use inside a `Field`: `<Field …>{(props) => <NumberInput {...props} … />}</Field>`.
 */
export function NumberInput({ value, onChange, min, max, step = 1, className, ...control }: NumberInputProps) {
  return (
    <input
      {...control}
      className={className}
      type="number"
      inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

/** An amount of money in major units (cents as decimals), never below 0. */
export function MoneyInput(props: Omit<NumberInputProps, 'step' | 'min'> & { min?: number }) {
  return <NumberInput min={0} {...props} step={0.01} />
}
