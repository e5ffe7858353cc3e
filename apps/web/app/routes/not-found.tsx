import { Link, data } from 'react-router'
import { StatusPage } from '../components/status-page'
import { pageMeta, siteFromMatches } from '../lib/page-meta'
import type { Route } from './+types/not-found'

// Any address no route claims: a 404 status, shown inside the site's layout.
export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta('Page not found', siteFromMatches(matches), location.pathname, { canonical: null })

export default function NotFound() {
  return (
    <StatusPage code={404} title="Page not found">
      <p>There is nothing at this address.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </StatusPage>
  )
}
