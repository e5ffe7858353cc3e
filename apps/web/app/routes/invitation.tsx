import { Type } from 'typebox'
import { Link, type ShouldRevalidateFunction, useRevalidator } from 'react-router'
import { getInvitation } from '../api/invitations/get-invitation'
import { updateInvitation } from '../api/invitations/update-invitation'
import { getRole } from '../api/staff/get-role'
import { LoadError } from '../components/load-error'
import { requireCurrentUser, requireUser } from '../lib/auth/guard'
import { InvitationAnswer } from '../features/invitations/components/invitation-answer'
import { answerProblem, dashboardOrigin, invitationKey, problems } from '../features/invitations/invitation-problems'
import { api, errorMessage } from '../lib/api'
import type { FieldErrors } from '../lib/form-errors'
import { routeMeta } from '../lib/page-meta'
import { perform, settle } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/invitation'
import styles from '../features/invitations/invitations.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

/**
 * Behind the route guard (docs/product.md §2): the invitee must be logged in to see and answer an invitation. The link's
 * `?key=` is part of the checkpoint the guard saves, so it survives the login round trip. `invitation` is
 * null when the address has no key that could be the link's.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const user = await requireCurrentUser(request)
  const key = invitationKey(new URL(request.url).search)
  const invitation = key ? await settle(getInvitation(api, params.id, key)) : null
  return { user, key, invitation }
}
clientLoader.hydrate = true as const

/** `answer`: the invitee accepts or declines (taking an invitation back is the shop's, not the invitee's). */
const intents = {
  answer: Type.Object({ status: Type.Union([Type.Literal('accepted'), Type.Literal('declined')]) }, { additionalProperties: false }),
}

/**
 * Answers with the link's secret. After accepting, the role the user now has (someone already on the staff
 * keeps a higher one), null when it could not be read.
 */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  await requireUser(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const key = invitationKey(new URL(request.url).search)
  if (!key) throw new Response('Answer the invitation with its link', { status: 400 })
  const { status } = submission.value
  return perform(
    'answer',
    async () => {
      const invitation = await updateInvitation(api, params.id, status, key)
      const granted = invitation.status === 'accepted' ? await getRole(api, invitation.shop._id).catch(() => null) : null
      return { invitation, granted }
    },
    (error): FieldErrors => {
      const final = answerProblem(error)
      return final ? { final } : { form: errorMessage(error) }
    },
  )
}

// The answer itself says how it went; reading the invitation again would only find it used.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { intent?: string } | undefined)?.intent === 'answer' ? false : defaultShouldRevalidate

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Invitation', args)

export function HydrateFallback() {
  return (
    <p className="loading" role="status">
      Loading the invitation…
    </p>
  )
}

export default function Invitation({ loaderData }: Route.ComponentProps) {
  const { user, key, invitation } = loaderData
  const site = useSite()
  const revalidator = useRevalidator()

  const problem = !key || !invitation ? problems.incomplete : invitation.ok ? null : answerProblem(invitation.error)
  if (invitation && !invitation.ok && !problem) {
    return <LoadError error={invitation.error} onRetry={() => void revalidator.revalidate()} />
  }
  if (problem || !key || !invitation?.ok) {
    return (
      <section className="invitation panel" aria-labelledby="invitation-title">
        <h1 id="invitation-title">This invitation cannot be opened</h1>
        <p className="inline-alert" role="alert">
          {problem}
        </p>
        <p>
          You are logged in as {user.email}. <Link to="/">Back to the shop</Link>
        </p>
      </section>
    )
  }
  return (
    <InvitationAnswer
      invitation={invitation.value}
      userEmail={user.email}
      dashboardOrigin={dashboardOrigin(invitation.value.shop, site.shop?._id ?? null, site.platform.url)}
    />
  )
}
