import { useCallback, useEffect, useEffectEvent, useState } from 'react'

/** The last answer, for the request it belongs to. */
type State<T> = { request: string | null; data: T | undefined; error: unknown }

/**
 * Data loaded in the browser by a component that is not a route (a storefront widget, a setup step): the
 * data, the error to show with a retry, and whether an answer is on its way. `load` runs again when `key`
 * changes; the last data stays shown meanwhile. Pages load through their route's clientLoader instead.
 */
export function useApiData<T>(key: string | null, load: () => Promise<T>) {
  const [state, setState] = useState<State<T>>({ request: null, data: undefined, error: null })
  const [attempt, setAttempt] = useState(0)
  const request = key === null ? null : `${attempt}:${key}`
  // The latest `load`, without running the effect again for every new function: `key` names what it loads.
  const run = useEffectEvent(load)

  useEffect(() => {
    if (request === null) return
    let live = true
    run().then(
      (data) => live && setState({ request, data, error: null }),
      (error: unknown) => live && setState((previous) => ({ request, data: previous.data, error })),
    )
    return () => {
      live = false
    }
  }, [request])

  const loading = request !== null && state.request !== request
  const reload = useCallback(() => setAttempt((value) => value + 1), [])
  const setData = useCallback((data: T) => setState((previous) => ({ request: previous.request, data, error: null })), [])
  return { data: state.data, error: loading ? null : state.error, loading, reload, setData }
}
