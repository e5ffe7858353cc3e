import { shopPatchBody, type Shop } from '@shop/domain/schemas/shop'
import { type FormEvent, useId, useState } from 'react'
import { FormError } from '../../../components/ui/field'
import { hasErrors, serverFieldErrors, validate } from '../../../lib/form-errors'
import { ShopProfileFields, profileBody, profileFieldErrors, profileValues } from '../../../components/shop-profile-fields'
import { updateShop } from '../../../api/shops/update-shop'
import { useLeaveAfterSave } from '../hooks/use-leave-after-save'
import { useStepErrors } from '../hooks/use-step-errors'
import { backPath, nextPath } from '../steps'
import { StepActions } from './step-actions'
import { api } from '../../../lib/api'

/** Step 2: tagline, about text, logo and social links (`PATCH /api/shops/{id}`); all optional. */
export function ProfileStep({ shop }: { shop: Shop }) {
  const id = useId()
  const [initial] = useState(() => profileValues(shop))
  const [values, setValues] = useState(initial)
  const { form, errors, show, clear } = useStepErrors()
  const [uploading, setUploading] = useState(false)
  const [busy, setBusy] = useState(false)
  const dirty = JSON.stringify(values) !== JSON.stringify(initial)
  const leave = useLeaveAfterSave(dirty)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next = nextPath(shop._id, 'profile')!
    if (!dirty) return leave(next)
    const body = profileBody(values)
    const found = profileFieldErrors(validate(shopPatchBody, body), body)
    if (hasErrors(found)) return show(found)
    setBusy(true)
    try {
      await updateShop(api, shop._id, body)
      leave(next)
    } catch (failure) {
      show(profileFieldErrors(serverFieldErrors(failure, ['tagline', 'about', 'logo', 'socials', 'whatsapp']), body))
      setBusy(false)
    }
  }

  return (
    <form ref={form} className="setup-step" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-title`}>
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
      <StepActions back={backPath(shop._id, 'profile')} busy={busy || uploading} />
    </form>
  )
}
