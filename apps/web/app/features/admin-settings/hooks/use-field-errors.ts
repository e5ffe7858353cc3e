import { useCallback, useState } from 'react'
import type { FieldErrors } from '../../../lib/form-errors'

/** A form's messages; a field's message (and the form-wide one) goes once the field changes. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({})
  const clear = useCallback(
    (...fields: string[]) =>
      setErrors((previous) => {
        const next = { ...previous }
        for (const key of Object.keys(next)) {
          if (key === 'form' || fields.some((field) => key === field || key.startsWith(`${field}.`))) delete next[key]
        }
        return next
      }),
    [],
  )
  return { errors, setErrors, clear }
}
