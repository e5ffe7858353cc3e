import type { AppLoadContext } from 'react-router'
import { type ApiClient, createApiClient } from './api'

/**
 * The API client for loaders and actions on the server: the same typed calls, answered in-process by the
 * API. Server renders carry no user (the token lives in the browser), so no Authorization is sent.
 */
export function serverApi(context: AppLoadContext): ApiClient {
  return createApiClient(
    (path, { method, headers, body }) => context.api(path, { method, headers, body }),
    () => null,
  )
}
