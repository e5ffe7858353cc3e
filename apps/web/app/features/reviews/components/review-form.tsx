import { type FormEvent, useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { api, errorMessage } from '../../../lib/api'
import { createReview } from '../../../api/reviews/create-review'
import { StarRatingInput } from './star-rating-input'

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
    <form className="review-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`Review ${title}`}>
      <StarRatingInput value={rating} onChange={setRating} invalid={error !== null && rating < 1} />
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
