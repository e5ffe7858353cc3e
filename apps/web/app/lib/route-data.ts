/**
 * The dashboard's data flow (docs/decisions/0027-dashboard-data.md): a page's clientLoader reads, its one
 * clientAction writes. Forms submit JSON with an `intent` naming what they do; the action answers the
 * intent with the API's result or the problems by field, and React Router then reloads the page's data.
 */
import { useEffect, useEffectEvent, useRef } from 'react'
import type { SubmitOptions } from 'react-router'
import { isRouteErrorResponse } from 'react-router'
import { type FieldErrors, serverFieldErrors } from './field-errors'

/** A loader's part that may fail on its own, so the rest of the page still shows (with a retry there). */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  )
}

/** What an action answers for one intent: the API's answer, or the problems keyed by field (`form` for the rest). */
export type ActionAnswer<I extends string, T> = { intent: I; ok: true; data: T } | { intent: I; ok: false; errors: FieldErrors }

/**
 * Runs an intent's API call. A refusal of the API comes back as field problems: for the `fields` the form
 * shows (the rest under `form`), or as the form's own function keys them. Redirects and other responses
 * thrown by the call pass through.
 */
export async function perform<I extends string, T>(
  intent: I,
  call: () => Promise<T>,
  fields?: readonly string[] | ((error: unknown) => FieldErrors),
): Promise<ActionAnswer<I, T>> {
  try {
    return { intent, ok: true, data: await call() }
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error
    return { intent, ok: false, errors: typeof fields === 'function' ? fields(error) : serverFieldErrors(error, fields) }
  }
}

/** An intent refused before any call: the browser-side check of the form's schema found problems. */
export function refuse<I extends string>(intent: I, errors: FieldErrors): ActionAnswer<I, never> {
  return { intent, ok: false, errors }
}

/** One message for an answer shown as a whole (a toast, an alert): the form's own, else the first field's. */
export function problemOf(errors: FieldErrors): string {
  return errors.form ?? Object.values(errors)[0] ?? 'Something went wrong'
}

/** How a form submits to its route's clientAction: JSON, so nested values keep their shape. */
export const jsonSubmit = { method: 'post', encType: 'application/json' } as const satisfies SubmitOptions

/**
 * Calls `onDone` once with a fetcher's answer when its submission (and the reload of the page's data after
 * it) has finished: the moment for a toast, closing a form or moving the focus.
 */
export function useFetcherDone<T>(fetcher: { state: string; data: T | undefined }, onDone: (data: T) => void): void {
  const done = useEffectEvent(onDone)
  const handled = useRef<T | undefined>(undefined)
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data === undefined || handled.current === fetcher.data) return
    handled.current = fetcher.data
    done(fetcher.data)
  }, [fetcher.state, fetcher.data])
}
