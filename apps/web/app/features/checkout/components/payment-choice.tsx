import type { PaymentInfoOption } from '@shop/domain/schemas/payments'

/** The shop's ways to pay as radio buttons; used by the checkout and by a shared checkout. */
export function PaymentChoice({
  options,
  value,
  onChange,
  className,
}: {
  options: PaymentInfoOption[]
  value: string
  onChange: (provider: string) => void
  className: string
}) {
  return (
    <fieldset className={className}>
      <legend>Payment</legend>
      {options.length === 0 ? (
        <p className="field-error">This shop does not take orders online at the moment.</p>
      ) : (
        <div className="choice-list">
          {options.map((option) => (
            <label key={option.provider} className="choice">
              <input
                type="radio"
                name="payment"
                value={option.provider}
                checked={value === option.provider}
                onChange={() => onChange(option.provider)}
              />
              <span>
                {option.label}
                {option.provider === 'test' ? (
                  // Whatever the shop calls it, a buyer must know no money moves.
                  <span className="choice-note">A demonstration: no money moves and nothing is charged.</span>
                ) : (
                  option.instant && <span className="choice-note">You pay on the next page when you place the order.</span>
                )}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  )
}
