import { ReviewPatchBody } from '@shop/domain/schemas/review'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button, SaveButton } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { type FieldErrors, hasErrors, validate } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes'
import type { AdminReview } from '../../../api/reviews/admin-review'

type ReplyFormProps = {
  review: AdminReview
  onSaved: (review: AdminReview) => void
  onCancel: () => void
}

/** Writes or edits the shop's public reply under a review (the page's `reply` intent); saving it empty removes the reply. */
export function ReplyForm({ review, onSaved, onCancel }: ReplyFormProps) {
  const initial = review.reply ?? ''
  const [text, setText] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const fetcher = useFetcher<ActionAnswer<'reply', AdminReview>>()
  const saving = fetcher.state !== 'idle'
  const textarea = useRef<HTMLTextAreaElement>(null)
  const leaveDialog = useUnsavedChanges(text !== initial && !saving)

  useEffect(() => {
    textarea.current?.focus()
  }, [])

  useFetcherDone(fetcher, (answer) => {
    if (answer.ok) return onSaved(answer.data)
    setErrors(answer.errors)
    textarea.current?.focus()
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (text.trim() === initial.trim()) return onCancel()
    const body = { reply: text.trim() || null }
    const found = validate(ReviewPatchBody, body)
    if (hasErrors(found)) {
      setErrors(found)
      textarea.current?.focus()
      return
    }
    void fetcher.submit({ intent: 'reply', id: review._id, reply: body.reply }, jsonSubmit)
  }

  const name = review.author.name || 'the customer'
  return (
    <form className="review-reply-form" noValidate onSubmit={submit}>
      <FormError error={errors.form} />
      <Field name="reply" label={`Reply to ${name}`} error={errors.reply} hint="Shown under the review on the Reviews page. Save it empty to remove the reply.">
        {(props) => (
          <textarea
            {...props}
            ref={textarea}
            rows={4}
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              setErrors({})
            }}
          />
        )}
      </Field>
      <div className="form-actions">
        <SaveButton saving={saving}>Save reply</SaveButton>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
      {leaveDialog}
    </form>
  )
}
