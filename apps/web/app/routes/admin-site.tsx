import { getShop } from '../api/shops/get-shop'
import { updateShop } from '../api/shops/update-shop'
import { requireStaff } from '../lib/auth/staff-session'
import { SiteEditor } from '../features/admin-site/components/site-editor'
import { type SiteValues, checkSite, siteServerErrors } from '../features/admin-site/site-form'
import { api } from '../lib/api'
import { hasErrors } from '../lib/form-errors'
import { routeMeta } from '../lib/page-meta'
import { perform, readSubmission, refuse } from '../lib/route-data'
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

/** `save`: the whole site form, checked with the API's schema before it is sent. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop } = await requireStaff(request)
  const { intent, values } = await readSubmission(request)
  if (intent !== 'save') throw new Response(`Unknown intent ${intent}`, { status: 400 })
  const { body, errors } = checkSite(values as SiteValues)
  if (hasErrors(errors)) return refuse('save', errors)
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
