/**
 * Entry of the server bundle (build/server/index.js), loaded by the API process (apps/api/src/web/ssr.ts).
 * It exports the request handler factory bound to this build, so the handler and the rendered routes use
 * one and the same react-router module (a second copy would not share its contexts).
 */
import { createRequestHandler } from 'react-router'
import * as build from 'virtual:react-router/server-build'

export function createHandler(mode: string) {
  return createRequestHandler(build, mode)
}
