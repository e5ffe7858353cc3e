import { type StaffRole, formatShortDate } from '@shop/domain'
import { useState } from 'react'
import { useFetcher, useRevalidator } from 'react-router'
import type { CreatedInvitation, Invitation } from '@shop/domain/schemas/staff'
import type { Page } from '@shop/domain/schemas/wire'
import { LoadError } from '../../../components/load-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast'
import { type ActionAnswer, type Settled, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { canRevoke, invitationLink, roleLabel } from '../staff-rules'
import { InvitationLink } from './invitation-link'

type PendingInvitationsProps = {
  invitations: Settled<Page<Invitation>>
  /** The caller's role: only invitations they could have sent may they re-send or revoke. */
  actor: StaffRole
  /** The shop's origin, where the invitee opens the link. */
  origin: string
}

/**
 * Invitations nobody has answered yet. Their links are not kept (only a hash of each secret), so where the
 * caller could have sent one they may ask for a new link (the old one stops working) or take it back: the
 * page's `resend` and `revoke` intents, after which the list reloads.
 */
export function PendingInvitations({ invitations, actor, origin }: PendingInvitationsProps) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const fetcher = useFetcher<ActionAnswer<'resend', CreatedInvitation> | ActionAnswer<'revoke', unknown>>()
  const [revoking, setRevoking] = useState<Invitation | null>(null)
  const busy = fetcher.state !== 'idle'
  const [problem, setProblem] = useState<string | null>(null)
  /** New links by invitation id, shown until the list is loaded again. */
  const [links, setLinks] = useState<Record<string, string>>({})

  // Who the answer on its way is about.
  const [subject, setSubject] = useState<Invitation | null>(null)

  useFetcherDone(fetcher, (answer) => {
    setRevoking(null)
    if (!answer.ok) return setProblem(problemOf(answer.errors))
    if (!subject) return
    if (answer.intent === 'resend') {
      const created = answer.data as CreatedInvitation
      setLinks((previous) => ({ ...previous, [subject._id]: invitationLink(origin, created.link) }))
      toast(`New link for ${subject.email}: the old one no longer works`)
    } else {
      toast(`Invitation for ${subject.email} revoked`)
    }
  })

  function resend(invitation: Invitation) {
    setProblem(null)
    setSubject(invitation)
    void fetcher.submit({ intent: 'resend', email: invitation.email, role: invitation.role }, jsonSubmit)
  }

  function revoke(invitation: Invitation) {
    setProblem(null)
    setSubject(invitation)
    void fetcher.submit({ intent: 'revoke', id: invitation._id }, jsonSubmit)
  }

  return (
    <section className="panel" aria-labelledby="pending-title">
      <h2 id="pending-title">Pending invitations</h2>
      {problem && <Alert onDismiss={() => setProblem(null)}>{problem}</Alert>}
      {!invitations.ok ? (
        <LoadError error={invitations.error} onRetry={() => void revalidator.revalidate()} />
      ) : invitations.value.data.length === 0 ? (
        <p className="field-hint">No pending invitations.</p>
      ) : (
        <ul className="invitation-list">
          {invitations.value.data.map((invitation) => (
            <PendingInvitation
              key={invitation._id}
              invitation={invitation}
              link={links[invitation._id] ?? null}
              busy={busy}
              onResend={canRevoke(actor, invitation.role) ? () => resend(invitation) : null}
              onRevoke={canRevoke(actor, invitation.role) ? () => setRevoking(invitation) : null}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the invitation for ${revoking?.email ?? ''}?`}
        confirmLabel="Revoke"
        danger
        busy={busy}
        onConfirm={() => revoking && revoke(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>Its link stops working. You can invite them again later.</p>
      </ConfirmDialog>
    </section>
  )
}

type PendingInvitationProps = {
  invitation: Invitation
  /** A link just made with "New link", else null. */
  link: string | null
  busy: boolean
  /** Null when the caller may not re-send this invitation. */
  onResend: (() => void) | null
  /** Null when the caller may not revoke this invitation. */
  onRevoke: (() => void) | null
}

function PendingInvitation({ invitation, link, busy, onResend, onRevoke }: PendingInvitationProps) {
  return (
    <li className="invitation-item">
      <div className="staff-who">
        <strong>{invitation.email}</strong>
        <span className="staff-email">
          {roleLabel(invitation.role)} · expires {formatShortDate(new Date(invitation.expiresAt))}
        </span>
      </div>
      {link && <InvitationLink email={invitation.email} url={link} />}
      {(onResend || onRevoke) && (
        <div className="form-actions">
          {onResend && (
            <Button variant="secondary" disabled={busy} onClick={onResend}>
              New link<span className="visually-hidden"> for {invitation.email}</span>
            </Button>
          )}
          {onRevoke && (
            <Button variant="secondary" className="button-danger" disabled={busy} onClick={onRevoke}>
              Revoke<span className="visually-hidden"> the invitation for {invitation.email}</span>
            </Button>
          )}
        </div>
      )}
    </li>
  )
}
