import { type RefundMethod, refundMethodLabels } from '@shop/domain/schemas/refunds'

/** How the money goes back, one radio per way the order allows: the refund form's and the cancel dialog's. */
export function RefundMethodChoice({
  name,
  methods,
  value,
  onChange,
  label,
}: {
  name: string
  methods: readonly RefundMethod[]
  value: RefundMethod
  onChange: (method: RefundMethod) => void
  /** The group's name when no legend says it. */
  label?: string
}) {
  return (
    <div className="choice-list" {...(label ? { role: 'radiogroup', 'aria-label': label } : {})}>
      {methods.map((option) => (
        <label key={option} className="choice">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          <span>{refundMethodLabels[option]}</span>
        </label>
      ))}
    </div>
  )
}
