import { useEffect, useId, useRef, useState } from 'react'
import type { PublicDiscountCode } from '@shop/domain/schemas/discount-code'
import { api, errorMessage } from '../../../lib/api'
import { useHydrated } from '../../../lib/use-hydrated'
import { formatMoney } from '../../../lib/money'
import { listDiscountCodes } from '../../../api/discount-codes/list-discount-codes'
import { FIXED_DISCOUNT_CURRENCY, type Estimate } from '../../../lib/totals'

export function describeDiscount(code: Pick<PublicDiscountCode, 'type' | 'value'>): string {
  return code.type === 'percentage' ? `${code.value} % off` : `${formatMoney(code.value, FIXED_DISCOUNT_CURRENCY)} off`
}

type Props = {
  shopId: string
  applied: PublicDiscountCode | null
  onChange: (code: PublicDiscountCode | null) => void
  problem: Estimate['discountProblem']
  /** The code as posted before the page's scripts ran, and why it was refused (decision 90). */
  typed?: string
  refused?: string
}

/** A discount code: looked up when applied; it counts only as docs/product.md §5 says (see totals.ts). */
export function DiscountField({ shopId, applied, onChange, problem, typed, refused }: Props) {
  const id = useId()
  const hydrated = useHydrated()
  const [text, setText] = useState(typed ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(refused ?? null)
  const input = useRef<HTMLInputElement>(null)
  // A code typed before the scripts ran is in the field but not in the state (typed-before-scripts.ts).
  useEffect(() => {
    if (input.current && input.current.value !== '') setText(input.current.value)
  }, [])

  async function apply() {
    const code = text.trim()
    if (!code) {
      setError('Enter a discount code.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      // docs/product.md §7: the first match of `?code=&shop=`, none when the code is not usable.
      const found = (await listDiscountCodes<PublicDiscountCode>(api, { code, shop: shopId })).data[0] ?? null
      if (found) {
        onChange(found)
        setText('')
      } else {
        setError(`“${code}” is not a valid discount code.`)
      }
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  if (applied) {
    return (
      <div className="discount-applied" role="status">
        <p>
          Code <strong>{applied.code}</strong>: {describeDiscount(applied)}
          {applied.firstOrderOnly && <span className="choice-note"> For a first order only.</span>}
          {applied.oncePerCustomer && <span className="choice-note"> Once per customer.</span>}
          {problem === 'min-subtotal' && (
            <span className="field-error">
              {' '}
              Needs a subtotal of at least {formatMoney(applied.minSubtotal, FIXED_DISCOUNT_CURRENCY)}.
            </span>
          )}
        </p>
        <button type="button" className="link-button" onClick={() => onChange(null)}>
          Remove code
        </button>
      </div>
    )
  }

  return (
    <div className="discount-field">
      <label htmlFor={id}>Discount code</label>
      <div className="inline-field">
        <input
          ref={input}
          id={id}
          type="text"
          name="code"
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code instead of placing the order.
            if (event.key === 'Enter') {
              event.preventDefault()
              void apply()
            }
          }}
        />
        {/* Before the scripts run, Apply posts the form (and, as its first button, takes Enter, which must
            never place the order by surprise). */}
        <button
          type={hydrated ? 'button' : 'submit'}
          name="intent"
          value="apply-code"
          className="button button-secondary"
          onClick={() => void apply()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          Apply
        </button>
      </div>
      <p id={`${id}-error`} className="field-error" role="alert">
        {error}
      </p>
    </div>
  )
}
