import type { Order } from '@shop/domain/schemas/orders'
import type { Review } from '@shop/domain/schemas/review'
import { MAX_REVIEW_TEXT } from '@shop/domain/schemas/review'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import { listReviews } from '../../../api/reviews/list-reviews'
import { LoadError } from '../../../components/load-error'
import { Button, SaveButton } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { api } from '../../../lib/api'
import type { FieldErrors } from '../../../lib/form-errors'
import { jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { useApiData } from '../../../lib/use-api-data'
import type { ReviewItemAnswer } from '../review-item-action'
import { RatingStars } from './rating-stars'
import { StarRatingInput } from './star-rating-input'
import { productPath } from '@shop/domain'

type Item = { product: string; title: string; thumbnail: string | null }

/** The order's products, each once (two variants of a shirt are one product to review). */
function itemsOf(order: Order): Item[] {
  const seen = new Map<string, Item>()
  for (const line of order.items) {
    if (!seen.has(line.product._id)) {
      seen.set(line.product._id, { product: line.product._id, title: line.product.title, thumbnail: line.product.images[0]?.thumbnail ?? null })
    }
  }
  return [...seen.values()]
}

/**
 * A delivered order's "Review what you bought" (decision 81): each product of the order with the buyer's
 * review of it (stars and text, editable) or a button that opens the form. The delivered message links
 * here (`#review`). A guest's page passes the order's private key, which the API takes in place of a login.
 */
export function OrderReviews({ order, accessKey }: { order: Order; accessKey?: string | null }) {
  const location = useLocation()
  const section = useRef<HTMLElement>(null)
  const items = itemsOf(order)
  const [open, setOpen] = useState<string | null>(null)
  const [posted, setPosted] = useState<string | null>(null)
  const existing = useApiData(`${order._id}/reviews`, async () => {
    const page = await listReviews(api, { shop: order.shop, relatedOrder: order._id, hidden: false, $limit: 50 })
    return new Map(page.data.filter((review) => review.product).map((review) => [review.product!, review]))
  })

  // The page renders after its data loads, so the browser's own jump to `#review` came too early.
  useEffect(() => {
    if (location.hash === '#review') section.current?.scrollIntoView()
  }, [location.hash])

  return (
    <section id="review" ref={section} aria-labelledby="review-title" className="order-reviews">
      <h2 id="review-title">Review what you bought</h2>
      <p className="hint">Your stars and words show on the product’s page, with your first name, and help other shoppers choose.</p>
      {posted && (
        <p className="review-posted" role="status">
          Thank you! Your review of {posted} is posted.
        </p>
      )}
      {existing.error ? (
        <LoadError error={existing.error} onRetry={existing.reload} />
      ) : !existing.data ? (
        <p className="loading">Loading your reviews…</p>
      ) : (
        <ul className="review-targets">
          {items.map((item) => {
            const review = existing.data!.get(item.product)
            const expanded = open === item.product
            return (
              <li key={item.product} className="review-target">
                <div className="review-target-head">
                  <p className="review-target-order">
                    {item.thumbnail && <img src={item.thumbnail} alt="" width={40} height={40} className="review-item-thumb" />}
                    <Link to={productPath({ _id: item.product, title: item.title })}>{item.title}</Link>
                  </p>
                  {!expanded && (
                    <Button variant="secondary" aria-expanded={false} onClick={() => setOpen(item.product)}>
                      {review ? 'Edit your review' : 'Write a review'}
                      <span className="visually-hidden"> of {item.title}</span>
                    </Button>
                  )}
                </div>
                {review && !expanded && (
                  <p className="review-item-mine">
                    <span className="visually-hidden">Your review: </span>
                    <RatingStars rating={review.rating} /> {review.text && <span className="prose">{review.text}</span>}
                  </p>
                )}
                {expanded && (
                  <ReviewItemForm
                    order={order}
                    item={item}
                    accessKey={accessKey ?? null}
                    review={review ?? null}
                    onCancel={() => setOpen(null)}
                    onSaved={(saved) => {
                      setOpen(null)
                      setPosted(item.title)
                      existing.setData(new Map(existing.data!).set(item.product, saved))
                    }}
                  />
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

type FormProps = {
  order: Order
  item: Item
  accessKey: string | null
  review: Review | null
  onSaved: (review: Review) => void
  onCancel: () => void
}

/** Stars and an optional text for one product of the order, through the page's `review-item` intent. */
function ReviewItemForm({ order, item, accessKey, review, onSaved, onCancel }: FormProps) {
  const id = useId()
  const [rating, setRating] = useState(review?.rating ?? 0)
  const [text, setText] = useState(review?.text ?? '')
  const [errors, setErrors] = useState<FieldErrors>({})
  const fetcher = useFetcher<ReviewItemAnswer>()
  const saving = fetcher.state !== 'idle'

  useFetcherDone(fetcher, (answer) => {
    if (answer.ok) onSaved(answer.data)
    else setErrors(answer.errors)
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (rating < 1) {
      setErrors({ rating: 'Choose a rating from 1 to 5 stars.' })
      return
    }
    setErrors({})
    void fetcher.submit(
      { intent: 'review-item', relatedOrder: order._id, product: item.product, rating, text: text.trim(), ...(accessKey ? { key: accessKey } : {}) },
      jsonSubmit,
    )
  }

  return (
    <form className="review-form" onSubmit={submit} noValidate aria-label={`Review ${item.title}`}>
      <FormError error={errors.form ?? errors.rating ?? errors.relatedOrder ?? errors.product} />
      <StarRatingInput value={rating} onChange={setRating} invalid={!!errors.rating} />
      <Field name="text" id={`${id}-text`} label="Your review (optional)" error={errors.text}>
        {(props) => <textarea {...props} rows={3} maxLength={MAX_REVIEW_TEXT} value={text} onChange={(event) => setText(event.target.value)} />}
      </Field>
      <div className="review-form-actions">
        <SaveButton saving={saving}>{review ? 'Save review' : 'Post review'}</SaveButton>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
