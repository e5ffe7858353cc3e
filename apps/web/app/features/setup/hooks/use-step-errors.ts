import { useCallback, useRef, useState } from 'react'
import type { FieldErrors } from '../../../lib/form-errors'

/**
 * A step form's messages: `show` sets them after a submit and moves focus to the first field to fix;
 * `clear` drops a field's message (and the form's) as the user changes it.
 */
export function useStepErrors() {
  const form = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const show = useCallback((found: FieldErrors) => {
    setErrors(found)
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }, [])
  const clear = useCallback((field: string) => setErrors(({ [field]: _cleared, form: _form, ...rest }) => rest), [])
  return { form, errors, show, clear }
}
