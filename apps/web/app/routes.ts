import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('products', 'routes/products.tsx'),
    route('products/:id', 'routes/product.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('checkout/:id', 'routes/shared-checkout.tsx'),
    route('orders/:id', 'routes/order.tsx'),
    route('about', 'routes/about.tsx'),
    route('reviews', 'routes/reviews.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('account', 'routes/account-layout.tsx', [
      index('routes/account.tsx'),
      route('profile', 'routes/account-profile.tsx'),
      route('notifications', 'routes/account-notifications.tsx'),
      route('orders', 'routes/account-orders.tsx'),
      route('orders/:id', 'routes/account-order.tsx'),
      route('checkouts', 'routes/account-checkouts.tsx'),
    ]),
    route('invitation/:id', 'routes/invitation.tsx'),
    route('setup', 'routes/setup.tsx', [
      index('routes/setup-start.tsx'),
      route(':shopId/shop', 'routes/setup-shop.tsx'),
      route(':shopId/profile', 'routes/setup-profile.tsx'),
      route(':shopId/delivery', 'routes/setup-delivery.tsx'),
      route(':shopId/done', 'routes/setup-done.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('admin', 'routes/admin-layout.tsx', [
    index('routes/admin-index.tsx'),
    route('products', 'routes/admin-products.tsx'),
    route('products/new', 'routes/admin-product-new.tsx'),
    route('products/:id', 'routes/admin-product-edit.tsx'),
    route('site', 'routes/admin-site.tsx'),
    route('management', 'routes/admin-management.tsx'),
    route('settings', 'routes/admin-settings.tsx'),
    route('*', 'routes/admin-not-found.tsx'),
  ]),
] satisfies RouteConfig
