import { shopPatchBody, type Shop } from '@shop/domain/schemas/shop'
import { type FormEvent, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { FormError } from '../../../components/ui/field'
import { hasErrors, validate } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { ShopProfileFields, profileBody, profileFieldErrors, profileValues } from '../../../components/shop-profile-fields'
import { useLeaveAfterSave } from '../hooks/use-leave-after-save'
import { useStepErrors } from '../hooks/use-step-errors'
import { backPath, nextPath } from '../steps'
import { StepActions } from './step-actions'

/** Step 2: tagline, about text, logo and social links, all optional; its route's `save-profile` intent saves them. */
export function ProfileStep({ shop }: { shop: Shop }) {
  const id = useId()
  const [initial] = useState(() => profileValues(shop))
  const [values, setValues] = useState(initial)
  const { form, errors, show, clear } = useStepErrors()
  const [uploading, setUploading] = useState(false)
  const fetcher = useFetcher<ActionAnswer<'save-profile', Shop>>()
  const [saved, setSaved] = useState(false)
  const dirty = JSON.stringify(values) !== JSON.stringify(initial)
  const { leave, leaveDialog } = useLeaveAfterSave(dirty)
  const nextStep = nextPath(shop._id, 'profile')!

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return show(answer.errors)
    setSaved(true)
    leave(nextStep)
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!dirty) return leave(nextStep)
    const body = profileBody(values)
    const found = profileFieldErrors(validate(shopPatchBody, body), body)
    if (hasErrors(found)) return show(found)
    void fetcher.submit({ intent: 'save-profile', ...body }, jsonSubmit)
  }

  return (
    <form ref={form} className="setup-step" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Tell customers about {shop.title}</h2>
      <p className="field-hint">Everything here is optional, and you can change it later in the dashboard’s Site tab.</p>
      <ShopProfileFields
        shopId={shop._id}
        values={values}
        errors={errors}
        onChange={(next, field) => {
          setValues(next)
          clear(field)
        }}
        onUploadingChange={setUploading}
      />
      <FormError error={errors.form} />
      <StepActions back={backPath(shop._id, 'profile')} busy={fetcher.state !== 'idle' || saved || uploading} />
      {leaveDialog}
    </form>
  )
}
