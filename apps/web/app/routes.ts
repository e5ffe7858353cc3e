import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('account', 'routes/account-layout.tsx', [index('routes/account.tsx')]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
