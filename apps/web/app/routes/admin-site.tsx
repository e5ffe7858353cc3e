import { LoadError } from '../components/load-error'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { getShop } from '../api/shops/get-shop'
import { SiteEditor } from '../features/admin-site/components/site-editor'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import type { Route } from './+types/admin-site'
import styles from '../features/admin-site/admin-site.css?url'
import { api } from '../lib/api'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Site', args)

function PreviewLink({ to, children }: { to: string; children: string }) {
  return (
    <a href={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

/** The Site tab (DESIGN §12): the storefront's texts, logo and links. */
export default function AdminSite() {
  const { shop } = useAdmin()
  const current = useApiData(`shop/${shop._id}`, () => getShop(api, shop._id))
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
      {current.data ? (
        <SiteEditor shop={current.data} onSaved={current.setData} />
      ) : current.error ? (
        <LoadError error={current.error} onRetry={current.reload} />
      ) : (
        <p className="loading" role="status">
          Loading the site…
        </p>
      )}
    </>
  )
}
