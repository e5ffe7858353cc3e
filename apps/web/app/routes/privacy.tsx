import { LegalPage } from '../features/platform/components/legal-page'
import { routeMeta } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import type { ScriptsHandle } from '../lib/scripts-after-load'
import type { Route } from './+types/privacy'

/** Read and used without scripts: they start at the first touch (decision 113). */
export const handle: ScriptsHandle = { scriptsAtFirstTouch: true }

export const meta: Route.MetaFunction = (args) => routeMeta('Privacy', args)

/** What the platform stores about shoppers and why (docs/product.md §2 footer link). */
export default function Privacy() {
  const { platform } = useSite()
  return (
    <LegalPage title={`${platform.name} privacy notice`}>
      <h2>What is stored</h2>
      <ul>
        <li>Your account: email address, name, phone number and a hash of your password.</li>
        <li>
          Your orders and shared checkouts: the items, the delivery address and phone you give, and the order
          history. The shop you order from sees these to fulfil your order.
        </li>
        <li>Reviews you write, shown with your first name only.</li>
        <li>Notifications about your orders.</li>
      </ul>
      <h2>In your browser</h2>
      <p>
        No cookies are set. Your browser’s local storage keeps your login (a token), your user details, your cart,
        the page to return to after logging in, and an anonymous visit counter id. Logging out removes the login and
        user details.
      </p>
      <h2>Visit statistics</h2>
      <p>
        Each shop counts its visits with a random id that says nothing about who you are, so the shop can see how
        many people visit. The id expires on its own.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your name and phone number on your profile at any time. To have your account removed, contact
        the shop you use or {platform.name}.
      </p>
    </LegalPage>
  )
}
