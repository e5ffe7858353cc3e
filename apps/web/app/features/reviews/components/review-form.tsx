import { type FormEvent, useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { api, errorMessage } from '../../../lib/api'
import { createReview } from '../../../api/reviews/create-review'

const labels = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent']

/** Rating 1–5 and an optional text for one delivered order. */
export function ReviewForm({ orderId, title, onDone }: { orderId: string; title: string; onDone: () => void }) {
  const id = useId()
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (rating < 1) {
      setError('Choose a rating from 1 to 5 stars.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await createReview(api, { relatedOrder: orderId, rating, text: text.trim() })
      onDone()
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  return (
    <form className="review-form" onSubmit={onSubmit} noValidate aria-label={`Review ${title}`}>
      <fieldset className="rating-input">
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value}>
            <input type="radio" name={`${id}-rating`} value={value} checked={rating === value} onChange={() => setRating(value)} />
            <span>
              {value} {value === 1 ? 'star' : 'stars'} <span className="hint">({labels[value]})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-text`}>Your review (optional)</label>
        <textarea id={`${id}-text`} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        Post review
      </Button>
    </form>
  )
}
