import { useCallback, useEffect, useState } from 'react'

type State<T> = { data: T | undefined; error: unknown; loading: boolean }

/**
 * Data loaded in the browser (account pages, after the route guard): loading, the error to show with a
 * retry, and `setData` for answers of later calls (a cancel, a save). `load` runs again when `key` changes.
 */
export function useApiData<T>(key: string | null, load: () => Promise<T>) {
  const [state, setState] = useState<State<T>>({ data: undefined, error: null, loading: key !== null })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (key === null) return
    let live = true
    setState((previous) => ({ data: previous.data, error: null, loading: true }))
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState((previous) => ({ data: previous.data, error, loading: false })),
    )
    return () => {
      live = false
    }
    // `load` is a new function each render: `key` names what it loads.
  }, [key, attempt])

  const reload = useCallback(() => setAttempt((value) => value + 1), [])
  const setData = useCallback((data: T) => setState({ data, error: null, loading: false }), [])
  return { ...state, reload, setData }
}
