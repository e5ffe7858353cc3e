import { Link } from 'react-router'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/admin-not-found'

export const meta: Route.MetaFunction = (args) => routeMeta('Page not found', args)

export default function AdminNotFound() {
  return (
    <section aria-labelledby="admin-not-found-title">
      <h1 id="admin-not-found-title">Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/admin/overview">Go to the overview</Link>.
      </p>
    </section>
  )
}
