import { useRouteLoaderData } from 'react-router'
import type { clientLoader } from './account-layout'

export default function Account() {
  const data = useRouteLoaderData<typeof clientLoader>('routes/account-layout')
  if (!data) return null
  const { user } = data
  return (
    <section className="account" aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <dl className="details">
        <div>
          <dt>Name</dt>
          <dd>{user.name || '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        {user.phone && (
          <div>
            <dt>Phone</dt>
            <dd>{user.phone}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}
