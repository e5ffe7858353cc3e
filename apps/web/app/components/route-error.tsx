import { Link, useRevalidator, useRouteError } from 'react-router'
import { errorMessage } from '../lib/api'
import { isNetworkError, isNotFoundError } from '../lib/route-errors'
import { StatusPage } from './status-page'

/** A page's failure shown inside the site's layout: 404, no connection (with a retry), or anything else. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const revalidator = useRevalidator()
  if (isNotFoundError(error)) {
    return (
      <StatusPage code={404} title="Page not found">
        <p>There is nothing at this address.</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </StatusPage>
    )
  }
  const offline = isNetworkError(error)
  return (
    <StatusPage code={offline ? 503 : 500} title={offline ? 'No connection' : 'Something went wrong'}>
      <p>{offline ? 'We could not reach the shop. Check your connection and try again.' : errorMessage(error)}</p>
      <p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state === 'loading'}
        >
          Try again
        </button>
      </p>
    </StatusPage>
  )
}
