import { useState } from 'react'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { InviteForm } from '../features/admin-staff/components/invite-form'
import { PendingInvitations } from '../features/admin-staff/components/pending-invitations'
import { StaffList } from '../features/admin-staff/components/staff-list'
import { routeMeta } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/admin-management'
import styles from '../features/admin-staff/admin-staff.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Management', args)

/** Staff and invitations (DESIGN §6, §11): administrators and owners manage roles below their own. */
export default function AdminManagement() {
  const { shop, role, user } = useAdmin()
  const site = useSite()
  // The address bar's origin is the one the staff member reached the shop on (a proxy may hide the scheme).
  const origin = typeof window === 'undefined' ? site.origin : window.location.origin
  const [sent, setSent] = useState(0)
  return (
    <>
      <h1>Management</h1>
      <StaffList shopId={shop._id} actor={role} userId={user._id} />
      <InviteForm shopId={shop._id} actor={role} origin={origin} onInvited={() => setSent((count) => count + 1)} />
      <PendingInvitations shopId={shop._id} actor={role} origin={origin} version={sent} />
    </>
  )
}
