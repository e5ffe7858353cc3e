import type { Review } from '@shop/domain/schemas/review'
import { type FormEvent, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import type { FieldErrors } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { StarRatingInput } from './star-rating-input'

/** What the reviews page's action answers the form. */
export type ReviewOrderAnswer = ActionAnswer<'review-order', Review>

/**
 * Rating 1–5 and an optional text for one delivered order, through the reviews page's `review-order`
 * intent; the page's reviews are read again once it is posted.
 */
export function ReviewForm({ orderId, title, onDone }: { orderId: string; title: string; onDone: () => void }) {
  const id = useId()
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const fetcher = useFetcher<ReviewOrderAnswer>()
  const busy = fetcher.state !== 'idle'

  useFetcherDone(fetcher, (answer) => {
    if (answer.ok) onDone()
    else setErrors(answer.errors)
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (rating < 1) {
      setErrors({ rating: 'Choose a rating from 1 to 5 stars.' })
      return
    }
    setErrors({})
    void fetcher.submit({ intent: 'review-order', relatedOrder: orderId, rating, text: text.trim() }, jsonSubmit)
  }

  return (
    <form className="review-form" onSubmit={onSubmit} noValidate aria-label={`Review ${title}`}>
      <FormError error={errors.form ?? errors.rating ?? errors.relatedOrder} />
      <StarRatingInput value={rating} onChange={setRating} invalid={!!errors.rating} />
      {/* 2000 is the domain's MAX_REVIEW_TEXT, written out: its schema's module would bring the schema library
          into the public page (decision 92). The action checks the limit with the schema. */}
      <Field name="text" id={`${id}-text`} label="Your review (optional)" error={errors.text}>
        {(props) => <textarea {...props} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />}
      </Field>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        Post review
      </Button>
    </form>
  )
}
