import { Outlet, useMatches } from 'react-router'
import { requireCurrentUser } from '../lib/auth/guard'
import { SetupProgress } from '../features/setup/components/setup-progress'
import { type SetupStep, isSetupStep } from '../features/setup/steps'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/setup'
import adminStyles from '../features/admin/admin.css?url'
import setupStyles from '../features/setup/setup.css?url'

/** The wizard renders in the browser behind the route guard (docs/product.md §2), like the account pages. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await requireCurrentUser(request)
  return { user }
}
clientLoader.hydrate = true as const

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: adminStyles },
  { rel: 'stylesheet', href: setupStyles },
]

export const meta: Route.MetaFunction = (args) => routeMeta('Create your shop', args)

export function HydrateFallback() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  )
}

/** Each step's route names its step in `handle.setupStep`. */
export type SetupHandle = { setupStep: SetupStep }

/** docs/architecture.md §11: a logged-in user creates a shop in four steps. */
export default function SetupLayout() {
  const handle = useMatches().at(-1)?.handle as Partial<SetupHandle> | undefined
  const step = isSetupStep(handle?.setupStep) ? handle.setupStep : 'shop'
  return (
    <section className="setup" aria-labelledby="setup-title">
      <h1 id="setup-title">Create your shop</h1>
      <SetupProgress step={step} />
      <Outlet />
    </section>
  )
}
