import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'

type Toast = { id: number; message: string; tone: 'success' | 'error' }
type Notify = (message: string, tone?: Toast['tone']) => void

const ToastContext = createContext<Notify | null>(null)

const SHOW_MS = 5000
/** At most this many toasts show at once, the newest last: more would cover a phone's screen. */
const MAX_TOASTS = 2

/**
 * Short confirmations ("Product saved") in a polite live region. Success toasts go after a few seconds,
 * unless the pointer or focus is on them; errors stay until dismissed (WCAG 2.2.1).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(1)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  const paused = useRef(false)

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id))
    timers.current.delete(id)
    setToasts((list) => list.filter((toast) => toast.id !== id))
  }, [])

  const schedule = useCallback(
    (toast: Toast) => {
      if (toast.tone !== 'success' || paused.current) return
      clearTimeout(timers.current.get(toast.id))
      timers.current.set(
        toast.id,
        setTimeout(() => dismiss(toast.id), SHOW_MS),
      )
    },
    [dismiss],
  )

  const notify = useCallback<Notify>(
    (message, tone = 'success') => {
      const toast = { id: nextId.current++, message, tone }
      setToasts((list) => [...list, toast].slice(-MAX_TOASTS))
      schedule(toast)
    },
    [schedule],
  )

  const pause = () => {
    paused.current = true
    timers.current.forEach(clearTimeout)
    timers.current.clear()
  }
  const resume = () => {
    paused.current = false
    toasts.forEach(schedule)
  }

  useEffect(() => {
    const pending = timers.current
    return () => pending.forEach(clearTimeout)
  }, [])

  const value = useMemo(() => notify, [notify])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        className="toasts"
        role="status"
        aria-live="polite"
        onMouseEnter={pause}
        onMouseLeave={resume}
        onFocus={pause}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) resume()
        }}
      >
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.tone}`}>
            <span>{toast.message}</span>
            <button type="button" className="toast-dismiss" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

/** `const toast = useToast(); toast('Saved')`; `toast('Could not save', 'error')` stays until dismissed. */
export function useToast(): Notify {
  const notify = useContext(ToastContext)
  if (!notify) throw new Error('useToast needs a ToastProvider')
  return notify
}
