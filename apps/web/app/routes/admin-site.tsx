import { shopPatchBody } from '@shop/domain/schemas/shop'
import { getShop } from '../api/shops/get-shop'
import { updateShop } from '../api/shops/update-shop'
import { requireStaff } from '../lib/auth/staff-session'
import { SiteEditor } from '../features/admin-site/components/site-editor'
import { siteServerErrors } from '../features/admin-site/site-form'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { perform } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/admin-site'
import styles from '../features/admin-site/admin-site.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Site', args)

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  return { shop: await getShop(api, shop._id) }
}
clientLoader.hydrate = true as const

/** `save`: the whole site form, as the API's body for the shop (the API's own schema). */
const intents = { save: shopPatchBody }

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop } = await requireStaff(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const body = submission.value
  return perform('save', () => updateShop(api, shop._id, body), (error) => siteServerErrors(error, body))
}

function PreviewLink({ to, children }: { to: string; children: string }) {
  return (
    <a href={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

/** The Site tab (docs/architecture.md §12): the storefront's texts, logo and links. */
export default function AdminSite({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="admin-header">
        <h1>Site</h1>
        <ul className="site-preview" aria-label="Preview">
          <li>
            <PreviewLink to="/">Preview home page</PreviewLink>
          </li>
          <li>
            <PreviewLink to="/about">Preview about page</PreviewLink>
          </li>
        </ul>
      </header>
      <SiteEditor shop={loaderData.shop} />
    </>
  )
}
