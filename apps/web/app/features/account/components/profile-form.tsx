import { accountRules } from '@shop/domain'
import { type FormEvent, useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { api, errorMessage } from '../../../lib/api'
import type { User } from '../../../types/api'
import { updateUser } from '../../../api/users/update-user'

const PHONE = /^[0-9+()\- ]*$/

/** Name and phone (`PATCH /api/user/`); the login email is changed with the sign-in details. */
export function ProfileForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const id = useId()
  const [name, setName] = useState(user.name)
  const [phone, setPhone] = useState(user.phone)
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setStatus(null)
    setError(null)
    if (!PHONE.test(phone)) {
      setPhoneError('Use digits, spaces, +, - and brackets only.')
      document.getElementById(`${id}-phone`)?.focus()
      return
    }
    setPhoneError(null)
    setBusy(true)
    try {
      const saved = await updateUser(api, { name: name.trim(), phone: phone.trim() })
      onSaved(saved)
      setName(saved.name)
      setPhone(saved.phone)
      setStatus('Your profile is saved.')
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
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
