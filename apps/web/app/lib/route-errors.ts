import { data, isRouteErrorResponse } from 'react-router'
import { ApiError } from './api'

/** Ends a loader with the 404 page (inside the layout, status 404 on the server). */
export function notFound(): never {
  throw data(null, { status: 404 })
}

/** The API does not know the thing (404), or the address could never name one (400: a malformed id). */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

export function isNotFoundError(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404
}

/** No answer at all: offline, or the server could not be reached. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === null
  return error instanceof TypeError && /fetch|network/i.test(error.message)
}
