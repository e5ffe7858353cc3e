import { Link } from 'react-router'
import { useAccountUser } from '../features/auth/hooks/use-account-user'

/** The account's entry (docs/product.md §2 "Profile" menu item): who is logged in, and the account's pages. */
export default function Account() {
  const user = useAccountUser()
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
      <ul className="account-links">
        <li>
          <Link to="/account/profile">Edit your name and phone</Link>
        </li>
        <li>
          <Link to="/account/orders">Your orders</Link>
        </li>
        <li>
          <Link to="/account/notifications">Your notifications</Link>
        </li>
        <li>
          <Link to="/account/checkouts">Checkouts you shared</Link>
        </li>
      </ul>
    </section>
  )
}
