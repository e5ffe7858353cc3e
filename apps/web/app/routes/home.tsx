import { PlatformLanding } from '../features/platform/components/platform-landing'
import { ShopHome } from '../features/shop/components/shop-home'
import { pageMeta, siteFromMatches } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches)
  return pageMeta(site?.shop ? 'Home' : null, site, location.pathname)
}

export default function Home() {
  const { shop, platform } = useSite()
  return shop ? <ShopHome shop={shop} /> : <PlatformLanding name={platform.name} />
}
