import { Outlet } from 'react-router'
import { useShopRole } from '../lib/auth/use-shop-role'
import { SessionControl } from '../features/auth/components/session-control'
import { useSessionUser } from '../lib/auth/session'
import { CheckoutLink } from '../features/cart/components/checkout-link'
import { useNotificationHint } from '../features/notifications/hooks/use-notification-hint'
import { PlatformHeader } from '../features/platform/components/platform-header'
import { ShopFooter } from '../features/shop/components/shop-footer'
import { ShopNavbar } from '../features/shop/components/shop-navbar'
import { useSite } from '../lib/use-site'

/** Public layout: the shop's navbar and footer on a shop host, the platform's header on its own host. */
export default function SiteLayout() {
  const { shop, platform } = useSite()
  const user = useSessionUser()
  const shopId = shop?._id ?? null
  const role = useShopRole(shopId, user)
  const unread = useNotificationHint(shopId, user)
  const account = <SessionControl staff={role !== null} unread={unread > 0} />
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {shop ? (
        <ShopNavbar shop={shop} checkout={<CheckoutLink />} account={account} />
      ) : (
        <PlatformHeader name={platform.name} account={account} />
      )}
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      {shop && <ShopFooter shop={shop} platform={platform} />}
    </>
  )
}
