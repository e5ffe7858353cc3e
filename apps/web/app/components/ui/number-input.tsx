import type { FocusEventHandler } from 'react'
import type { FieldControlProps } from './field'

/**
 * How the input is named: by a `Field` (its label, hint and error), or on its own by an `aria-label` where
 * the words around it say what it counts (a cart line's quantity stepper).
 */
type NumberInputLabel = FieldControlProps | { 'aria-label': string; name?: string }

type NumberInputOwnProps = {
  /** The text as typed: the form turns it into a number when it builds its body (`numberField`). */
  value: string
  onChange: (text: string) => void
  min?: number
  max?: number
  /** 1 (the default) for whole numbers; a fraction like 0.01 for decimals. */
  step?: number
  className?: string
  disabled?: boolean
  onBlur?: FocusEventHandler<HTMLInputElement>
}

type NumberInputProps = NumberInputLabel & NumberInputOwnProps

/**
 * A number the shop types: the phone's number pad (digits only for whole numbers, with a decimal point
 * otherwise), the bounds the schema has, and the text kept as typed so an empty or half-typed value is the
 * schema's to judge. Use inside a `Field`: `<Field …>{(props) => <NumberInput {...props} … />}</Field>`,
 * or with an `aria-label` of its own.
 */
export function NumberInput({ value, onChange, min, max, step = 1, className, disabled, onBlur, ...label }: NumberInputProps) {
  return (
    <input
      {...label}
      className={className}
      type="number"
      inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={step}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  )
}

/** An amount of money in major units (cents as decimals), never below 0. */
export function MoneyInput(props: NumberInputLabel & Omit<NumberInputOwnProps, 'step' | 'min'> & { min?: number }) {
  return <NumberInput min={0} {...props} step={0.01} />
}
