import { useRouteLoaderData } from 'react-router'
import type { SiteInfo } from './page-meta'

/** The root loader's site data (app/root.tsx): shop, platform, origin. */
export function useSite(): SiteInfo {
  const site = useRouteLoaderData('root') as SiteInfo | undefined
  if (!site) throw new Error('The root loader data is missing')
  return site
}
