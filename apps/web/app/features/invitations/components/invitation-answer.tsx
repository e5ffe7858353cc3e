import { type StaffRole, formatShortDate } from '@shop/domain'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { InvitationDetail } from '@shop/domain/schemas/staff'
import { Button } from '../../../components/ui/button'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { acceptedMessage, article } from '../accepted-message'
import { invitationProblem } from '../invitation-problems'

type InvitationAnswerProps = {
  invitation: InvitationDetail
  userEmail: string
  /** The origin of the shop's dashboard when it is on another host, else null (see `dashboardOrigin`). */
  dashboardOrigin: string | null
}

type Answered = { invitation: InvitationDetail; granted: StaffRole | null }

const DASHBOARD = '/admin/overview'

/**
 * The shop and role on offer, with Accept and Decline (the page's `answer` intent, with the link's secret),
 * or why it can no longer be answered.
 */
export function InvitationAnswer({ invitation, userEmail, dashboardOrigin }: InvitationAnswerProps) {
  const fetcher = useFetcher<ActionAnswer<'answer', Answered>>()
  const busy = fetcher.state !== 'idle'
  const answer = fetcher.data
  // The invitation as the answer left it; the role the API reports after accepting (null when unknown).
  const current = answer?.ok ? answer.data.invitation : invitation
  const granted = answer?.ok ? answer.data.granted : null
  const [opening, setOpening] = useState(false)
  /** A failed answer: `final` when the invitation can no longer be answered, else it may be tried again. */
  const [failure, setFailure] = useState<{ message: string; final: boolean } | null>(null)
  const outcome = useRef<HTMLHeadingElement>(null)
  const answered = current.status === 'accepted' || current.status === 'declined'
  const justAnswered = answered && invitation.status === 'pending'

  useEffect(() => {
    if (justAnswered) outcome.current?.focus()
  }, [justAnswered])

  useFetcherDone(fetcher, (done) => {
    if (done.ok) return setFailure(null)
    // `final`: why the invitation can no longer be answered; else the answer may be tried again.
    const final = done.errors.final
    setFailure(final ? { message: final, final: true } : { message: `Your answer could not be saved: ${problemOf(done.errors)}`, final: false })
  })

  function send(status: 'accepted' | 'declined') {
    setFailure(null)
    void fetcher.submit({ intent: 'answer', status }, jsonSubmit)
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
            <Button onClick={() => send('accepted')} disabled={busy}>
              Accept
            </Button>
            <Button variant="secondary" onClick={() => send('declined')} disabled={busy}>
              Decline
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
