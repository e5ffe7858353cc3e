import { accountRules } from '@shop/domain'
import { type FormEvent, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import { Field, FormError } from '../../../components/ui/field'
import { SaveButton } from '../../../components/ui/button'
import type { FieldErrors } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { type SignInDetailsForm, signInDetailsPatch } from '../sign-in-details'

/**
 * The login email and the password. Both need the current password, so a device left signed in cannot
 * take the account over; a new password signs out the account's other devices. The profile page's
 * `update-sign-in` intent.
 */
export function SignInDetailsForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const id = useId()
  const [form, setForm] = useState<SignInDetailsForm>({ email: user.email, newPassword: '', currentPassword: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const fetcher = useFetcher<ActionAnswer<'update-sign-in', { user: User; passwordChanged: boolean }>>()
  const saving = fetcher.state !== 'idle'
  const [status, setStatus] = useState<string | null>(null)
  const change = (field: keyof SignInDetailsForm, value: string) => setForm((current) => ({ ...current, [field]: value }))

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return setErrors(answer.errors)
    onSaved(answer.data.user)
    setForm({ email: answer.data.user.email, newPassword: '', currentPassword: '' })
    setStatus(answer.data.passwordChanged ? 'Your password is changed. Your other devices are logged out.' : 'Your email is changed.')
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setStatus(null)
    const checked = signInDetailsPatch(form, user.email)
    if ('errors' in checked) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    void fetcher.submit({ intent: 'update-sign-in', form }, jsonSubmit)
  }

  return (
    <form className="panel profile-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Login details</h2>
      <Field name="email" label="Email" error={errors.email} hint="The address you log in with.">
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="username"
            maxLength={accountRules.emailMaxLength}
            value={form.email}
            onChange={(event) => change('email', event.target.value)}
          />
        )}
      </Field>
      <Field name="password" label="New password" error={errors.password} hint={`Leave empty to keep it. At least ${accountRules.passwordMinLength} characters.`}>
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            maxLength={accountRules.passwordMaxLength}
            value={form.newPassword}
            onChange={(event) => change('newPassword', event.target.value)}
          />
        )}
      </Field>
      <Field name="currentPassword" label="Current password" error={errors.currentPassword} hint="Needed to change your email or password.">
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="current-password"
            maxLength={accountRules.passwordMaxLength}
            value={form.currentPassword}
            onChange={(event) => change('currentPassword', event.target.value)}
          />
        )}
      </Field>
      <FormError error={errors.form} />
      <p className="hint" role="status">
        {status}
      </p>
      <SaveButton saving={saving}>Change login details</SaveButton>
    </form>
  )
}
