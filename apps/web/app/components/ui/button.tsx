import type { ComponentProps } from 'react'

type Variant = 'primary' | 'secondary' | 'ghost'

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: Variant }) {
  return <button type={type} className={['button', `button-${variant}`, className].filter(Boolean).join(' ')} {...props} />
}

/** A form's submit button: disabled, busy and saying "Saving…" while the form saves. */
export function SaveButton({ saving, disabled, children, ...props }: ComponentProps<typeof Button> & { saving: boolean }) {
  return (
    <Button type="submit" disabled={saving || disabled} aria-busy={saving || undefined} {...props}>
      {saving ? 'Saving…' : children}
    </Button>
  )
}
