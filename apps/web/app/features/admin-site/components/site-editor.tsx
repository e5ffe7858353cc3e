import { type FormEvent, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { Shop } from '@shop/domain/schemas/shop'
import { Button, SaveButton } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { type FieldErrors, hasErrors } from '../../../lib/form-errors'
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes'
import { ShopProfileFields } from '../../../components/shop-profile-fields'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { type AboutSections, type SiteValues, checkSite, siteValues } from '../site-form'

const aboutSections: { key: keyof AboutSections; label: string; hint: string }[] = [
  { key: 'payments', label: 'Payments', hint: 'How customers can pay.' },
  { key: 'returns', label: 'Returns', hint: 'Your returns and exchanges policy.' },
  { key: 'contact', label: 'Contact', hint: 'Where to find you: address, phone, opening hours.' },
]

/** Everything the storefront shows about the shop, saved together by the Site page's `save` intent (the body, checked first). */
export function SiteEditor({ shop }: { shop: Shop }) {
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'save', Shop>>()
  const form = useRef<HTMLFormElement>(null)
  const [initial, setInitial] = useState(() => siteValues(shop))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [uploading, setUploading] = useState(false)
  const saving = fetcher.state !== 'idle'
  const dirty = JSON.stringify(values) !== JSON.stringify(initial)
  const leaveDialog = useUnsavedChanges(dirty)

  function change(next: SiteValues, field: string) {
    setValues(next)
    setErrors(({ [field]: _cleared, form: _form, ...rest }) => rest)
  }

  function showErrors(found: FieldErrors) {
    setErrors(found)
    // Move to the first field to fix once its message is on the page.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }

  // The dashboard's own copy of the shop (its title in the sidebar) reloads with the page after the save.
  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return showErrors(answer.errors)
    const next = siteValues(answer.data)
    setInitial(next)
    setValues(next)
    setErrors({})
    toast('Site saved')
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { body, errors: found } = checkSite(values)
    if (hasErrors(found)) return showErrors(found)
    void fetcher.submit({ intent: 'save', ...body }, jsonSubmit)
  }

  return (
    <form ref={form} className="admin-form site-form" noValidate onSubmit={onSubmit}>
      <fieldset className="panel">
        <legend>Shop profile</legend>
        <Field name="title" label="Shop name" error={errors.title}>
          {(props) => (
            <input {...props} type="text" maxLength={100} value={values.title} onChange={(event) => change({ ...values, title: event.target.value }, 'title')} />
          )}
        </Field>
        <ShopProfileFields
          shopId={shop._id}
          values={values}
          errors={errors}
          onChange={(profile, field) => change({ ...values, ...profile }, field)}
          onUploadingChange={setUploading}
        />
      </fieldset>
      <fieldset className="panel">
        <legend>Home page</legend>
        <Field
          name="home.promotionalText"
          label="Promotional text"
          error={errors['home.promotionalText']}
          hint="A short message above the top bar on every page, like “Free delivery in Accra this week”. Leave empty for none."
        >
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={200}
              value={values.promotionalText}
              onChange={(event) => change({ ...values, promotionalText: event.target.value }, 'home.promotionalText')}
            />
          )}
        </Field>
      </fieldset>
      <fieldset className="panel">
        <legend>About page</legend>
        {aboutSections.map(({ key, label, hint }) => (
          <Field key={key} name={`aboutSections.${key}`} label={label} hint={hint} error={errors[`aboutSections.${key}`]}>
            {(props) => (
              <textarea
                {...props}
                rows={4}
                value={values.aboutSections[key]}
                onChange={(event) =>
                  change({ ...values, aboutSections: { ...values.aboutSections, [key]: event.target.value } }, `aboutSections.${key}`)
                }
              />
            )}
          </Field>
        ))}
      </fieldset>
      <FormError error={errors.form} />
      <div className="form-actions">
        <SaveButton saving={saving} disabled={uploading}>Save changes</SaveButton>
        <Button
          variant="secondary"
          disabled={!dirty || saving}
          onClick={() => {
            setValues(initial)
            setErrors({})
          }}
        >
          Discard changes
        </Button>
      </div>
      {leaveDialog}
    </form>
  )
}
