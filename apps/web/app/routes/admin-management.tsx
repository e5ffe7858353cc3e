import { StaffRoleSchema, invitationBody } from '@shop/domain/schemas/staff'
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { createInvitation } from '../api/invitations/create-invitation'
import { listInvitations } from '../api/invitations/list-invitations'
import { updateInvitation } from '../api/invitations/update-invitation'
import { listStaff } from '../api/staff/list-staff'
import { updateShopRole } from '../api/staff/update-shop-role'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { InviteForm } from '../features/admin-staff/components/invite-form'
import { PendingInvitations } from '../features/admin-staff/components/pending-invitations'
import { StaffList } from '../features/admin-staff/components/staff-list'
import { inviteBody } from '../features/admin-staff/staff-rules'
import { api } from '../lib/api'
import { hasErrors, validate } from '../lib/form-errors'
import { routeMeta } from '../lib/page-meta'
import { perform, refuse, settle } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/admin-management'
import styles from '../features/admin-staff/admin-staff.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Management', args)

/** The staff and the pending invitations, each shown (or its error) on its own. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const [staff, invitations] = await Promise.all([settle(listStaff(api, shop._id)), settle(listInvitations(api, shop._id))])
  return { staff, invitations }
}
clientLoader.hydrate = true as const

/**
 * `change-role` and `remove` for a staff member; `invite` (also `resend`: inviting again gives a pending
 * invitation a new link) and `revoke` for invitations. Bodies are checked with the API's schemas.
 */
const intents = {
  'change-role': Type.Object({ id: Uuid, role: StaffRoleSchema }, { additionalProperties: false }),
  remove: Type.Object({ id: Uuid }, { additionalProperties: false }),
  invite: Type.Object({ email: Type.String(), role: StaffRoleSchema }, { additionalProperties: false }),
  resend: Type.Object({ email: Type.String(), role: StaffRoleSchema }, { additionalProperties: false }),
  revoke: Type.Object({ id: Uuid }, { additionalProperties: false }),
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop } = await requireStaff(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  switch (submission.intent) {
    case 'change-role':
      return perform('change-role', () => updateShopRole(api, submission.value.id, { role: submission.value.role }), [])
    case 'remove':
      return perform('remove', () => updateShopRole(api, submission.value.id, { status: 'removed' }), [])
    case 'invite':
    case 'resend': {
      const intent = submission.intent
      const body = inviteBody(shop._id, submission.value)
      const problems = validate(invitationBody, body)
      if (hasErrors(problems)) return refuse(intent, problems)
      return perform(intent, () => createInvitation(api, body), intent === 'invite' ? ['email', 'role'] : [])
    }
    case 'revoke':
      return perform('revoke', () => updateInvitation(api, submission.value.id, 'revoked'), [])
  }
}

/** Staff and invitations (docs/architecture.md §6, §11): administrators and owners manage roles below their own. */
export default function AdminManagement({ loaderData }: Route.ComponentProps) {
  const { shop, role, user } = useAdmin()
  const site = useSite()
  // The address bar's origin is the one the staff member reached the shop on (a proxy may hide the scheme).
  const origin = typeof window === 'undefined' ? site.origin : window.location.origin
  return (
    <>
      <h1>Management</h1>
      <StaffList staff={loaderData.staff} actor={role} userId={user._id} />
      <InviteForm shopId={shop._id} actor={role} origin={origin} />
      <PendingInvitations invitations={loaderData.invitations} actor={role} origin={origin} />
    </>
  )
}
