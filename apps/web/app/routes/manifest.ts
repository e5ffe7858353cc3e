/** `/manifest.webmanifest`: the shop's web app manifest (none on the platform's own host). */
import { webManifest } from '../features/shop/web-manifest'
import type { Route } from './+types/manifest'

export function loader({ context }: Route.LoaderArgs) {
  if (!context.shop) throw new Response('Not found', { status: 404 })
  return new Response(JSON.stringify(webManifest(context.shop)), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  })
}
