import type { StaffRole } from '@shop/domain'
import { invitationBody, type CreatedInvitation } from '@shop/domain/schemas/staff'
import { type FormEvent, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { type FieldErrors, hasErrors, validate } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes'
import { type InviteForm as InviteFormValue, invitationLink, inviteBody, inviteChoices, roleLabel } from '../staff-rules'
import { InvitationLink } from './invitation-link'

type InviteFormProps = {
  shopId: string
  actor: StaffRole
  /** The shop's origin, where the invitee opens the link. */
  origin: string
}

/**
 * Invite someone by email to a role the caller may give (docs/architecture.md §11), the page's `invite` intent; the link
 * to send appears below it, and the pending list reloads with the invitation.
 */
export function InviteForm({ shopId, actor, origin }: InviteFormProps) {
  const toast = useToast()
  const choices = inviteChoices(actor)
  const initial: InviteFormValue = { email: '', role: choices.at(-1) ?? 'keeper' }
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const fetcher = useFetcher<ActionAnswer<'invite', CreatedInvitation>>()
  const sending = fetcher.state !== 'idle'
  const [sent, setSent] = useState<{ email: string; url: string } | null>(null)
  const leaveDialog = useUnsavedChanges(form.email.trim() !== '')

  function update(changes: Partial<InviteFormValue>) {
    setForm((previous) => ({ ...previous, ...changes }))
    setErrors((previous) => {
      const next = { ...previous }
      for (const name of Object.keys(changes)) delete next[name]
      delete next.form
      return next
    })
  }

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return setErrors(answer.errors)
    toast(`Invitation for ${answer.data.email} is ready: send them its link`)
    setSent({ email: answer.data.email, url: invitationLink(origin, answer.data.link) })
    setForm(initial)
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const body = inviteBody(shopId, form)
    const found = validate(invitationBody, body)
    setErrors(found)
    if (hasErrors(found)) return
    void fetcher.submit({ intent: 'invite', email: form.email, role: form.role }, jsonSubmit)
  }

  return (
    <section className="panel" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <form className="admin-form" noValidate onSubmit={submit}>
        <FormError error={errors.form} />
        <Field name="email" label="Email" error={errors.email} hint="They log in with this email to accept.">
          {(props) => (
            <input {...props} type="email" autoComplete="off" value={form.email} onChange={(event) => update({ email: event.target.value })} />
          )}
        </Field>
        <Field name="role" label="Role" error={errors.role}>
          {(props) => (
            <select {...props} value={form.role} onChange={(event) => update({ role: event.target.value as StaffRole })}>
              {choices.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="form-actions">
          <Button type="submit" disabled={sending}>
            {sending ? 'Inviting…' : 'Invite'}
          </Button>
        </div>
      </form>
      {sent && <InvitationLink email={sent.email} url={sent.url} />}
      {leaveDialog}
    </section>
  )
}
