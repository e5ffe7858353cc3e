import type { ComponentProps } from 'react'

type Props = Omit<ComponentProps<'input'>, 'type' | 'className' | 'children'> & {
  /** The words on the button; the input keeps the name its own label gives it. */
  text: string
}

/**
 * A file input dressed as a button: the real input lies, transparent, over the button and takes the tap,
 * the click and the keyboard, so it keeps its label, its focus and a phone's camera-or-gallery choice.
 */
export function FilePicker({ text, disabled, ...props }: Props) {
  return (
    <span className={disabled ? 'file-picker file-picker-disabled' : 'file-picker'}>
      <span className="button button-secondary file-picker-button" aria-hidden="true">
        {text}
      </span>
      <input {...props} type="file" className="file-picker-input" disabled={disabled} />
    </span>
  )
}
