import { formatShortDate } from '@shop/domain'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { answerInvitation } from '../api/answer-invitation'
import { answerProblem, invitationProblem } from '../invitation-problems'
import type { InvitationDetail } from '../types'

type InvitationAnswerProps = {
  invitation: InvitationDetail
  userEmail: string
  /** Where the dashboard of the invitation's shop is. */
  dashboard: string
}

const article = (role: string) => (/^[aeiou]/i.test(role) ? 'an' : 'a')

/** The shop and role on offer, with Accept and Decline, or why it can no longer be answered. */
export function InvitationAnswer({ invitation, userEmail, dashboard }: InvitationAnswerProps) {
  const [current, setCurrent] = useState(invitation)
  const [busy, setBusy] = useState(false)
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
      setCurrent(await answerInvitation(current._id, status))
    } catch (error) {
      const problem = answerProblem(error)
      setFailure(problem ? { message: problem, final: true } : { message: `Your answer could not be saved: ${errorMessage(error)}`, final: false })
    } finally {
      setBusy(false)
    }
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
          <p>You are now {article(role)} {role} of {shop.title}.</p>
          <a className="button button-primary" href={dashboard}>
            Go to the dashboard
          </a>
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
