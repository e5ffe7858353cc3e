import { useState } from 'react'
import { NumberInput } from '../../../components/ui/number-input'
import { MAX_COUNT } from '../../../lib/cart/cart'

type Props = {
  value: number
  label: string
  onChange: (count: number) => void
  /** The most that may be chosen (what is left, when the shop shows it). */
  max?: number
  /** The input's name, when a form posts it (the product page's, before its scripts run). */
  name?: string
  /** Shown but not changeable (a cart line before the page's scripts run: a change would go nowhere). */
  disabled?: boolean
}

/** A count of at least 1 and at most `max`, typed or stepped; other input is kept as a draft until it makes sense. */
export function QuantityInput({ value, label, onChange, max = MAX_COUNT, name, disabled = false }: Props) {
  const limit = Math.max(1, Math.min(max, MAX_COUNT))
  const [draft, setDraft] = useState(String(value))
  // A new count from outside (a step, another tab) replaces the draft.
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setDraft(String(value))
  }

  function commit(text: string) {
    setDraft(text)
    const count = Number(text)
    if (Number.isInteger(count) && count >= 1) onChange(Math.min(count, limit))
  }

  return (
    <div className="quantity" role="group" aria-label={label}>
      <button type="button" onClick={() => onChange(value - 1)} disabled={disabled || value <= 1} aria-label="One fewer">
        −
      </button>
      <NumberInput
        name={name}
        aria-label="Quantity"
        min={1}
        max={limit}
        value={draft}
        disabled={disabled}
        onChange={commit}
        onBlur={() => setDraft(String(value))}
      />
      <button type="button" onClick={() => onChange(value + 1)} disabled={disabled || value >= limit} aria-label="One more">
        +
      </button>
    </div>
  )
}
