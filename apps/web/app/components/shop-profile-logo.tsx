import { useEffect, useId, useRef, useState } from 'react'
import type { ShopLogo } from '@shop/domain/schemas/shop'
import { Button } from './ui/button'
import { FilePicker } from './ui/file-picker'
import { errorMessage } from '../lib/api'
import { uploadImage } from '../api/uploads/upload-image'

type ShopProfileLogoProps = {
  shopId: string
  logo: ShopLogo
  error?: string
  onChange: (logo: ShopLogo) => void
  onUploadingChange: (uploading: boolean) => void
}

/** The logo: upload with progress, a preview, and removal. The form saves it with everything else. */
export function ShopProfileLogo({ shopId, logo, error, onChange, onUploadingChange }: ShopProfileLogoProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const upload = useRef<AbortController | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  // Said once when an upload starts and once when it ends; the percentage is only shown.
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => () => upload.current?.abort(), [])

  async function send(file: File) {
    const controller = new AbortController()
    upload.current = controller
    setUploadError(null)
    setProgress(0)
    setAnnouncement('Uploading the logo…')
    onUploadingChange(true)
    try {
      const image = await uploadImage(shopId, file, setProgress, controller.signal)
      onChange({ url: image.url, thumbnail: image.thumbnail })
      setAnnouncement('Logo uploaded')
    } catch (failure) {
      if (!controller.signal.aborted) {
        const message = `The logo could not be uploaded: ${errorMessage(failure)}`
        setUploadError(message)
        setAnnouncement(message)
      }
    } finally {
      if (!controller.signal.aborted) {
        setProgress(null)
        onUploadingChange(false)
      }
      if (input.current) input.current.value = ''
    }
  }

  const message = uploadError ?? error
  const describedBy = message ? `${id}-hint ${id}-error` : `${id}-hint`
  return (
    <div className={message ? 'field field-invalid' : 'field'}>
      <label htmlFor={`${id}-file`}>Logo</label>
      <p className="field-hint" id={`${id}-hint`}>
        A square picture (PNG, JPEG or WebP) works best; it appears in the top bar and as the page icon.
      </p>
      {logo && (
        <img
          src={logo.thumbnail || logo.url}
          alt="Current logo"
          width={96}
          height={96}
          className="logo-preview"
        />
      )}
      <FilePicker
        ref={input}
        id={`${id}-file`}
        name="logo"
        text={logo ? 'Choose another picture' : 'Choose a picture'}
        accept="image/png,image/jpeg,image/webp,image/avif"
        disabled={progress !== null}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) void send(file)
        }}
      />
      {progress !== null && (
        <p>
          <progress value={progress} max={1} aria-label="Logo upload" /> Uploading… {Math.round(progress * 100)}%
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {logo && progress === null && (
        <p>
          <Button variant="secondary" onClick={() => onChange(null)}>
            Remove logo
          </Button>
        </p>
      )}
      {message && (
        <p className="field-error" id={`${id}-error`}>
          {message}
        </p>
      )}
    </div>
  )
}
