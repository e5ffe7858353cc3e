import { accountRules } from '@shop/domain'
import { type FormEvent, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { profilePatch } from '../profile-details'

/** Name and phone (the profile page's `update-profile` intent); the login email is changed with the sign-in details. */
export function ProfileForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const id = useId()
  const [name, setName] = useState(user.name)
  const [phone, setPhone] = useState(user.phone)
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const fetcher = useFetcher<ActionAnswer<'update-profile', User>>()
  const busy = fetcher.state !== 'idle'
  const [status, setStatus] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) {
      if (answer.errors.phone) return showPhoneError(answer.errors.phone)
      return setError(problemOf(answer.errors))
    }
    onSaved(answer.data)
    setName(answer.data.name)
    setPhone(answer.data.phone)
    setStatus('Your profile is saved.')
  })

  function showPhoneError(message: string) {
    setPhoneError(message)
    document.getElementById(`${id}-phone`)?.focus()
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setStatus(null)
    setError(null)
    const checked = profilePatch(name, phone)
    if ('errors' in checked) return showPhoneError(checked.errors.phone!)
    setPhoneError(null)
    void fetcher.submit({ intent: 'update-profile', name, phone }, jsonSubmit)
  }

  return (
    <form className="panel profile-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your details</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="name"
          maxLength={accountRules.nameMaxLength}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>Phone</label>
        <input
          id={`${id}-phone`}
          type="tel"
          autoComplete="tel"
          maxLength={accountRules.phoneMaxLength}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? `${id}-phone-error` : undefined}
        />
        {phoneError && (
          <p id={`${id}-phone-error`} className="field-error">
            {phoneError}
          </p>
        )}
      </div>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      <p className="hint" role="status">
        {status}
      </p>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        Save
      </Button>
    </form>
  )
}
