import { type StaffRole, formatShortDate } from '@shop/domain'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { api, errorMessage } from '../../../lib/api'
import { getRole } from '../../../api/staff/get-role'
import { acceptedMessage, article } from '../accepted-message'
import { updateInvitation } from '../../../api/invitations/update-invitation'
import { answerProblem, invitationProblem } from '../invitation-problems'
import type { InvitationDetail } from '../types'

type InvitationAnswerProps = {
  invitation: InvitationDetail
  /** The secret of the invitation link, which answering needs. */
  invitationKey: string
  userEmail: string
  /** The origin of the shop's dashboard when it is on another host, else null (see `dashboardOrigin`). */
  dashboardOrigin: string | null
}

const DASHBOARD = '/admin/overview'

/** The shop and role on offer, with Accept and Decline, or why it can no longer be answered. */
export function InvitationAnswer({ invitation, invitationKey, userEmail, dashboardOrigin }: InvitationAnswerProps) {
  const [current, setCurrent] = useState(invitation)
  /** The role the API reports after accepting (null when it could not be read). */
  const [granted, setGranted] = useState<StaffRole | null>(null)
  const [busy, setBusy] = useState(false)
  const [opening, setOpening] = useState(false)
  /** A failed answer: `final` when the invitation can no longer be answered, else it may be tried again. */
  const [failure, setFailure] = useState<{ message: string; final: boolean } | null>(null)
  const outcome = useRef<HTMLHeadingElement>(null)
  const answered = current.status === 'accepted' || current.status === 'declined'
  const justAnswered = answered && invitation.status === 'pending'

  useEffect(() => {
    if (justAnswered) outcome.current?.focus()
  }, [justAnswered])

  async function answer(status: 'accepted' | 'declined') {
    setBusy(true)
    setFailure(null)
    try {
      const result = await updateInvitation(api, current._id, status, invitationKey)
      // Someone already on the staff keeps a higher role, so ask which role accepting left them with.
      if (result.status === 'accepted') setGranted(await getRole(api, result.shop._id).catch(() => null))
      setCurrent(result)
    } catch (error) {
      const problem = answerProblem(error)
      setFailure(problem ? { message: problem, final: true } : { message: `Your answer could not be saved: ${errorMessage(error)}`, final: false })
    } finally {
      setBusy(false)
    }
  }

  /** This browser has no session on another host (storage is per origin): that site signs in by hand-over. */
  function openDashboard() {
    setOpening(true)
    if (!dashboardOrigin) return window.location.assign(DASHBOARD)
    window.location.assign(`${dashboardOrigin}/session/start?${new URLSearchParams({ next: DASHBOARD })}`)
  }

  const { shop, role } = current
  const blocked = justAnswered ? null : (invitationProblem(current, userEmail) ?? (failure?.final ? failure.message : null))
  return (
    <section className="invitation panel" aria-labelledby="invitation-title">
      {shop.logo && <img className="invitation-logo" src={shop.logo.thumbnail} alt="" width={64} height={64} />}
      <h1 id="invitation-title">Join {shop.title}</h1>
      {!justAnswered && (
        <p className="lead">
          You are invited to join <strong>{shop.title}</strong> as {article(role)} <strong>{role}</strong>.
        </p>
      )}
      {justAnswered && current.status === 'accepted' && (
        <div className="invitation-outcome" role="status">
          <h2 ref={outcome} tabIndex={-1}>
            Welcome to the team
          </h2>
          <p>{acceptedMessage(role, granted, shop.title)}</p>
          <Button onClick={openDashboard} disabled={opening} aria-busy={opening || undefined}>
            Go to the dashboard
          </Button>
        </div>
      )}
      {justAnswered && current.status === 'declined' && (
        <div className="invitation-outcome" role="status">
          <h2 ref={outcome} tabIndex={-1}>
            Invitation declined
          </h2>
          <p>Nothing changes for you. If you change your mind, ask the shop to invite you again.</p>
        </div>
      )}
      {blocked && (
        <p className="inline-alert" role="alert">
          {blocked}
        </p>
      )}
      {!answered && !blocked && (
        <>
          {failure && (
            <p className="inline-alert" role="alert">
              {failure.message}
            </p>
          )}
          <p className="hint">Open until {formatShortDate(new Date(current.expiresAt))}. Sent to {current.email}.</p>
          <div className="form-actions">
            <Button onClick={() => answer('accepted')} disabled={busy}>
              Accept
            </Button>
            <Button variant="secondary" onClick={() => answer('declined')} disabled={busy}>
              Decline
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
