import { type ReactNode, useId } from 'react'

/** What a control needs to be tied to its label, hint and error message. */
export type FieldControlProps = {
  id: string
  name: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
}

type FieldProps = {
  /** The field's path in the form's value (`price.value`), as validation errors name it. */
  name: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  /** The control's id, when the form needs to find it (to focus the first invalid field); else generated. */
  id?: string
  children: (control: FieldControlProps) => ReactNode
}

/**
 * A labelled form field with its hint and error message announced with the control (WCAG 3.3.1):
 * `<Field name="title" label="Title" error={errors.title}>{(props) => <input {...props} />}</Field>`.
 */
export function Field({ name, label, error, hint, id: givenId, children }: FieldProps) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

/** The form-wide message (an error no field shows), announced when it appears. */
export function FormError({ error }: { error?: string }) {
  if (!error) return null
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  )
}
