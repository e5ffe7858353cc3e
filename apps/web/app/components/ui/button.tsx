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
