import { type ReactNode, useEffect } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  isRouteErrorResponse,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { StatusPage } from './components/status-page'
import { LoginReturn } from './features/auth/components/login-return'
import { THEME_COLOR } from './features/shop/web-manifest'
import { useNonce } from './lib/csp-nonce'
import { APP_STYLES_ID, useInlineStyles } from './lib/inline-styles'
import { PAGE_START_ID, usePageStart } from './lib/page-start'
import { startsAtFirstTouch } from './lib/scripts-after-load'
import { type SiteInfo, pageMeta } from './lib/page-meta'

/** The site this host serves: its shop (null on the platform's host), the platform, the request's origin. */
export function loader({ context, request }: Route.LoaderArgs): SiteInfo {
  return { shop: context.shop, platform: context.platform, origin: new URL(request.url).origin }
}

// The site does not change while someone browses it: reload it only when asked (revalidate()) or after a
// submission, not on every navigation.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.href === nextUrl.href || (!!formMethod && formMethod.toUpperCase() !== 'GET')
    ? defaultShouldRevalidate
    : false

export const meta: Route.MetaFunction = ({ loaderData, error, location }) => {
  if (!error) return pageMeta(null, loaderData, location.pathname)
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return pageMeta(notFound ? 'Page not found' : 'Something went wrong', loaderData, location.pathname, { canonical: null })
}

export function Layout({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  const styles = useInlineStyles()
  const pageStart = usePageStart()
  // The deepest route decides: a page that needs no scripts to be read or used starts them at the first touch.
  const matches = useMatches()
  const start = startsAtFirstTouch(matches.at(-1)?.handle) ? 'touch' : 'load'
  const logo = site?.shop?.logo
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {site?.shop && (
          <>
            <link rel="manifest" href="/manifest.webmanifest" />
            <meta name="theme-color" content={THEME_COLOR} />
          </>
        )}
        {logo ? (
          // The square icon the manifest names first: one file serves the tab and the installed app.
          <link rel="icon" href={logo.icons?.[0]?.url ?? logo.variants?.[0]?.webp ?? (logo.thumbnail || logo.url)} />
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        <style id={APP_STYLES_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: styles }} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <script id={PAGE_START_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: pageStart(start, site?.shop?._id ?? null) }} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  // The page's inline script counted the visit and registered the service worker; once hydrated, the
  // buttons tapped while the scripts started are tapped again (scripts-after-load.ts).
  useEffect(() => window.shopletHydrated?.(), [])
  return (
    <>
      <LoginReturn />
      <Outlet />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="page">
        <StatusPage code={404} title="Page not found">
          <p>There is nothing at this address.</p>
          <p>
            <a href="/">Go to the home page</a>
          </p>
        </StatusPage>
      </main>
    )
  }
  const status = isRouteErrorResponse(error) ? error.status : 500
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : null
  return (
    <main id="main" className="page">
      <StatusPage code={status} title="Something went wrong">
        <p>Sorry, this page could not be shown. Please try again in a moment.</p>
        {details && <pre className="error-details">{details}</pre>}
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </StatusPage>
    </main>
  )
}
