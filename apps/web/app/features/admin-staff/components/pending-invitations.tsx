import { type StaffRole, formatShortDate } from '@shop/domain'
import { useState } from 'react'
import { LoadError } from '../../../components/load-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast'
import { api, errorMessage } from '../../../lib/api'
import { useApiData } from '../../../lib/use-api-data'
import { createInvitation } from '../../../api/invitations/create-invitation'
import { listInvitations } from '../../../api/invitations/list-invitations'
import { updateInvitation } from '../../../api/invitations/update-invitation'
import { canRevoke, invitationLink, roleLabel } from '../staff-rules'
import type { Invitation } from '../types'
import { InvitationLink } from './invitation-link'

type PendingInvitationsProps = {
  shopId: string
  /** The caller's role: only invitations they could have sent may they re-send or revoke. */
  actor: StaffRole
  /** The shop's origin, where the invitee opens the link. */
  origin: string
  /** Changes whenever an invitation was sent, to load the list again. */
  version: number
}

/**
 * Invitations nobody has answered yet. Their links are not kept (only a hash of each secret), so where the
 * caller could have sent one they may ask for a new link (the old one stops working) or take it back.
 */
export function PendingInvitations({ shopId, actor, origin, version }: PendingInvitationsProps) {
  const toast = useToast()
  const invitations = useApiData(`invitations/${shopId}/${version}`, () => listInvitations(api, shopId))
  const [revoking, setRevoking] = useState<Invitation | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  /** New links by invitation id, shown until the list is loaded again. */
  const [links, setLinks] = useState<Record<string, string>>({})

  async function resend(invitation: Invitation) {
    setBusy(true)
    setProblem(null)
    try {
      const created = await createInvitation(api, { shop: shopId, email: invitation.email, role: invitation.role })
      setLinks((previous) => ({ ...previous, [invitation._id]: invitationLink(origin, created.link) }))
      toast(`New link for ${invitation.email}: the old one no longer works`)
    } catch (error) {
      setProblem(errorMessage(error))
      invitations.reload()
    } finally {
      setBusy(false)
    }
  }

  async function revoke(invitation: Invitation) {
    setBusy(true)
    setProblem(null)
    try {
      await updateInvitation(api, invitation._id, 'revoked')
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
              link={links[invitation._id] ?? null}
              busy={busy}
              onResend={canRevoke(actor, invitation.role) ? () => void resend(invitation) : null}
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
