import { type StaffRole, formatShortDate } from '@shop/domain'
import { useId, useState } from 'react'
import { LoadError } from '../../../components/load-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api'
import { useApiData } from '../../../lib/use-api-data'
import { listInvitations } from '../api/list-invitations'
import { revokeInvitation } from '../api/revoke-invitation'
import { canRevoke, invitationLink, roleLabel } from '../staff-rules'
import type { Invitation } from '../types'

type PendingInvitationsProps = {
  shopId: string
  /** The caller's role: only invitations they could have sent may they revoke. */
  actor: StaffRole
  /** The shop's origin, where the invitee opens the link. */
  origin: string
  /** Changes whenever an invitation was sent, to load the list again. */
  version: number
}

/** Invitations nobody has answered yet, each with its link to pass on and, where allowed, a way to take it back. */
export function PendingInvitations({ shopId, actor, origin, version }: PendingInvitationsProps) {
  const toast = useToast()
  const invitations = useApiData(`invitations/${shopId}/${version}`, () => listInvitations(shopId))
  const [revoking, setRevoking] = useState<Invitation | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  async function revoke(invitation: Invitation) {
    setBusy(true)
    setProblem(null)
    try {
      await revokeInvitation(invitation._id)
      toast(`Invitation for ${invitation.email} revoked`)
      invitations.reload()
    } catch (error) {
      setProblem(errorMessage(error))
      invitations.reload()
    } finally {
      setBusy(false)
      setRevoking(null)
    }
  }

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link)
      toast('Link copied')
    } catch {
      toast('Could not copy: select the link and copy it', 'error')
    }
  }

  return (
    <section className="panel" aria-labelledby="pending-title">
      <h2 id="pending-title">Pending invitations</h2>
      {problem && <Alert onDismiss={() => setProblem(null)}>{problem}</Alert>}
      {invitations.error ? (
        <LoadError error={invitations.error} onRetry={invitations.reload} />
      ) : !invitations.data ? (
        <p className="loading" role="status">
          Loading the invitations…
        </p>
      ) : invitations.data.data.length === 0 ? (
        <p className="field-hint">No pending invitations.</p>
      ) : (
        <ul className="invitation-list">
          {invitations.data.data.map((invitation) => (
            <PendingInvitation
              key={invitation._id}
              invitation={invitation}
              link={invitationLink(origin, invitation._id)}
              busy={busy}
              onCopy={copy}
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
  link: string
  busy: boolean
  onCopy: (link: string) => void
  /** Null when the caller may not revoke this invitation. */
  onRevoke: (() => void) | null
}

function PendingInvitation({ invitation, link, busy, onCopy, onRevoke }: PendingInvitationProps) {
  const linkId = useId()
  return (
    <li className="invitation-item">
      <div className="staff-who">
        <strong>{invitation.email}</strong>
        <span className="staff-email">
          {roleLabel(invitation.role)} · expires {formatShortDate(new Date(invitation.expiresAt))}
        </span>
      </div>
      <label htmlFor={linkId} className="invitation-link-label">
        Invitation link<span className="visually-hidden"> for {invitation.email}</span>
      </label>
      <div className="inline-field">
        <input id={linkId} readOnly value={link} onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => onCopy(link)}>
          Copy<span className="visually-hidden"> the link for {invitation.email}</span>
        </Button>
      </div>
      {onRevoke && (
        <div className="form-actions">
          <Button variant="secondary" className="button-danger" disabled={busy} onClick={onRevoke}>
            Revoke<span className="visually-hidden"> the invitation for {invitation.email}</span>
          </Button>
        </div>
      )}
    </li>
  )
}
