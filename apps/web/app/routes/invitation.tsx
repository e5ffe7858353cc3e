import { Link, useLocation } from 'react-router'
import { LoadError } from '../components/load-error'
import { requireCurrentUser } from '../features/auth/guard'
import { getInvitation } from '../api/invitations/get-invitation'
import { InvitationAnswer } from '../features/invitations/components/invitation-answer'
import { answerProblem, dashboardOrigin, invitationKey, problems } from '../features/invitations/invitation-problems'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/invitation'
import styles from '../features/invitations/invitations.css?url'
import { api } from '../lib/api'

/**
 * Behind the route guard (SPEC §2): the invitee must be logged in to see and answer an invitation. The link's
 * `?key=` is part of the checkpoint the guard saves, so it survives the login round trip.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await requireCurrentUser(request)
  return { user }
}
clientLoader.hydrate = true as const

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Invitation', args)

export function HydrateFallback() {
  return (
    <p className="loading" role="status">
      Loading the invitation…
    </p>
  )
}

export default function Invitation({ loaderData, params }: Route.ComponentProps) {
  const { user } = loaderData
  const site = useSite()
  const key = invitationKey(useLocation().search)
  const invitation = useApiData(key ? `invitation/${params.id}/${key}` : null, () => getInvitation(api, params.id, key!))

  const problem = key ? (invitation.error ? answerProblem(invitation.error) : null) : problems.incomplete
  if (invitation.error && !problem) return <LoadError error={invitation.error} onRetry={invitation.reload} />
  if (problem) {
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
  if (!invitation.data) {
    return (
      <p className="loading" role="status">
        Loading the invitation…
      </p>
    )
  }
  return (
    <InvitationAnswer
      invitation={invitation.data}
      invitationKey={key!}
      userEmail={user.email}
      dashboardOrigin={dashboardOrigin(invitation.data.shop, site.shop?._id ?? null, site.platform.url)}
    />
  )
}
