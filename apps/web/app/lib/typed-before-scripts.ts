/**
 * What a shopper typed into a server-rendered form before its scripts ran. React keeps those values in the
 * fields when it hydrates them but not in its state, so a field could show one thing and send another:
 * once hydrated, the form's own values are read back (decision 90).
 */
import { type RefObject, useEffect, useRef } from 'react'

/** The form's current value of each named field (text of its checked radio, selected option…), or null. */
export function formValues(form: HTMLFormElement | null): ((name: string) => string | null) | null {
  if (!form) return null
  const values = new FormData(form)
  return (name) => {
    const value = values.get(name)
    return typeof value === 'string' ? value : null
  }
}

/**
 * Calls `adopt` once, after hydration, with the form's values as the browser holds them; `adopt` answers
 * whether anything differed from the page's state (then something was typed before the scripts ran).
 */
export function useTypedBeforeScripts(form: RefObject<HTMLFormElement | null>, adopt: (value: (name: string) => string | null) => boolean) {
  const typed = useRef(false)
  const adoptRef = useRef(adopt)
  useEffect(() => {
    adoptRef.current = adopt
  })
  useEffect(() => {
    const read = formValues(form.current)
    if (read) typed.current = adoptRef.current(read)
  }, [form])
  return typed
}
