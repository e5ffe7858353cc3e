import { type FormEvent, useId, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ApiError, errorMessage } from '../../../lib/api'
import { randomId } from '../../../lib/random-id'
import type { Order, PaymentOption, User } from '../../../types/api'
import { placeOrder } from '../api/place-order'
import { PaymentChoice } from './payment-choice'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type Props = {
  shopId: string
  checkoutId: string
  user: User | null
  paymentOptions: PaymentOption[]
  onPlaced: (order: Order) => void
}

/** Pays for and places a shared checkout: its items and delivery as they are, re-priced by the server. */
export function PlaceSharedCheckout({ shopId, checkoutId, user, paymentOptions, onPlaced }: Props) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [provider, setProvider] = useState(paymentOptions[0]?.provider ?? '')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const attempt = useRef<{ signature: string; key: string } | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    if (!user && !EMAIL.test(email.trim())) {
      setEmailError('Enter your email address, like name@example.com.')
      document.getElementById(`${id}-email`)?.focus()
      return
    }
    setEmailError(null)
    setFailure(null)
    const buyer = { shop: shopId, ...(user ? {} : { email: email.trim() }) }
    const body = { checkout: checkoutId, ...(provider ? { payment: { provider } } : {}) }
    const signature = JSON.stringify([buyer, body])
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: randomId() }
    setBusy(true)
    try {
      onPlaced(await placeOrder(buyer, body, attempt.current.key))
    } catch (error) {
      const offline = error instanceof ApiError && error.status === null
      setFailure(offline ? 'We could not reach the shop. Check your connection and try again.' : errorMessage(error))
      setBusy(false)
    }
  }

  return (
    <form className="panel" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Place this order</h2>
      {user ? (
        <p className="hint">
          Ordering as <strong>{user.email}</strong>.
        </p>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-email`}>Your email</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
          />
          {emailError && (
            <p id={`${id}-email-error`} className="field-error">
              {emailError}
            </p>
          )}
        </div>
      )}
      <PaymentChoice options={paymentOptions} value={provider} onChange={setProvider} className="field" />
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <Button type="submit" disabled={busy || paymentOptions.length === 0} aria-busy={busy || undefined}>
        {busy ? 'Placing the order…' : 'Place order'}
      </Button>
    </form>
  )
}
