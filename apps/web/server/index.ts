/**
 * Entry of the server bundle (build/server/index.js), loaded by the API process (apps/api/src/web/ssr.ts).
 * It exports the request handler factory bound to this build, so the handler and the rendered routes use
 * one and the same react-router module (a second copy would not share its contexts). It also answers the
 * service worker's script, which names its caches after this build's version.
 */
import { type AppLoadContext, createRequestHandler } from 'react-router'
import * as build from 'virtual:react-router/server-build'
import { SERVICE_WORKER_PATH } from '../app/lib/offline/offline-pages'
import { serviceWorkerResponse } from '../app/lib/offline/service-worker'

export function createHandler(mode: string) {
  const handle = createRequestHandler(build, mode)
  return (request: Request, context: AppLoadContext) =>
    new URL(request.url).pathname === SERVICE_WORKER_PATH && request.method === 'GET'
      ? Promise.resolve(serviceWorkerResponse(build.assets.version))
      : handle(request, context)
}
