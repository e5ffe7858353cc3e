import { Outlet } from 'react-router'
import { SessionControl } from '../features/auth/components/session-control'
import { PlatformHeader } from '../features/platform/components/platform-header'
import { ShopFooter } from '../features/shop/components/shop-footer'
import { ShopNavbar } from '../features/shop/components/shop-navbar'
import { useSite } from '../lib/use-site'

/** Public layout: the shop's navbar and footer on a shop host, the platform's header on its own host. */
export default function SiteLayout() {
  const { shop, platform } = useSite()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {shop ? (
        <ShopNavbar shop={shop} account={<SessionControl />} />
      ) : (
        <PlatformHeader name={platform.name} account={<SessionControl />} />
      )}
      <main id="main" className="page">
        <Outlet />
      </main>
      {shop && <ShopFooter shop={shop} platform={platform} />}
    </>
  )
}
