import { MAX_IMAGES } from '@shop/domain/schemas/catalog'
import { SmallImage } from '../../../components/product-image'
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { FilePicker } from '../../../components/ui/file-picker'
import { uploadImage } from '../../../api/uploads/upload-image'
import { shrinkImage } from '../../../lib/shrink-image'
import { errorMessage } from '../../../lib/api'
import type { FieldErrors } from '../../../lib/form-errors'
import { type ImageDraft, draftKey, insertInChosenOrder, moveItem } from '../product-form'

/** What the API accepts (it checks the content too); checked here first to answer at once. */
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif']

/** `preview`: the chosen picture (made smaller) shown while it uploads, before the upload's thumbnail exists. */
type Upload = { key: string; name: string; progress: number; error?: string; preview?: string }

type ImageEditorProps = {
  shop: string
  images: ImageDraft[]
  errors: FieldErrors
  /** Takes an update function: uploads finish one by one, each adding to the latest list. */
  onChange: (update: (images: ImageDraft[]) => ImageDraft[]) => void
  /** How many uploads are still running (the form waits for them before saving). */
  onPendingChange: (pending: number) => void
}

function fileProblem(file: File): string | undefined {
  // Large pictures are made smaller before they are sent; the server's size limits still answer for any
  // picture this browser cannot decode.
  if (!ACCEPTED_TYPES.includes(file.type)) return 'Choose a JPEG, PNG, WebP or AVIF image.'
  return undefined
}

/** Product images: upload several at once with progress, then order them, describe them, remove them. */
export function ImageEditor({ shop, images, errors, onChange, onPendingChange }: ImageEditorProps) {
  const id = useId()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [announcement, setAnnouncement] = useState('')
  const aborts = useRef(new Set<AbortController>())
  /** The keys of the files in the order they were chosen, so they keep it whatever order they finish in. */
  const chosen = useRef<string[]>([])
  const [dragged, setDragged] = useState<number | null>(null)

  const pending = uploads.filter((upload) => !upload.error).length
  useEffect(() => onPendingChange(pending), [pending, onPendingChange])
  useEffect(() => {
    const running = aborts.current
    return () => running.forEach((controller) => controller.abort())
  }, [])

  const updateUpload = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)))
  const removeUpload = (key: string) =>
    setUploads((list) => {
      const gone = list.find((upload) => upload.key === key)
      if (gone?.preview) URL.revokeObjectURL(gone.preview)
      return list.filter((upload) => upload.key !== key)
    })

  function start(file: File) {
    const key = draftKey()
    const problem = fileProblem(file)
    chosen.current.push(key)
    setUploads((list) => [...list, { key, name: file.name, progress: 0, error: problem }])
    if (problem) return
    const controller = new AbortController()
    aborts.current.add(controller)
    // The preview is the smaller picture: a phone need not decode a 48 MP photo twice.
    shrinkImage(file)
      .then((smaller) => {
        if (!controller.signal.aborted) updateUpload(key, { preview: URL.createObjectURL(smaller) })
        return uploadImage(shop, smaller, (progress) => updateUpload(key, { progress }), controller.signal)
      })
      .then((image) => {
        removeUpload(key)
        onChange((list) => insertInChosenOrder(list, { key, url: image.url, thumbnail: image.thumbnail, variants: image.variants, alt: '' }, chosen.current))
        setAnnouncement(`${file.name} uploaded.`)
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) updateUpload(key, { error: errorMessage(error) })
      })
      .finally(() => aborts.current.delete(controller))
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    Array.from(event.target.files ?? []).forEach(start)
    // The same file can be chosen again after a failure.
    event.target.value = ''
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= images.length) return
    onChange((list) => moveItem(list, from, to))
    setAnnouncement(`Image ${from + 1} moved to position ${to + 1}.`)
  }

  return (
    <fieldset className="panel">
      <legend>Images</legend>
      <div className="field">
        <label htmlFor={`${id}-files`}>Add images</label>
        <p className="field-hint" id={`${id}-hint`}>
          JPEG, PNG, WebP or AVIF, {MAX_IMAGES} in all; phone photos are made smaller as they upload. The first image is the one shoppers see first:
          drag the pictures or use the arrows to order them.
        </p>
        <FilePicker
          id={`${id}-files`}
          text="Choose images"
          accept={ACCEPTED_TYPES.join(',')}
          multiple
          aria-describedby={errors.images ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={errors.images ? true : undefined}
          onChange={onFiles}
        />
        {errors.images && (
          <p className="field-error" id={`${id}-error`}>
            {errors.images}
          </p>
        )}
      </div>

      {uploads.length > 0 && (
        <ul className="upload-list" aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.key}>
              {upload.preview && <img src={upload.preview} alt="" width={48} height={48} className="upload-preview" />}
              <span className="upload-name">{upload.name}</span>
              {upload.error ? (
                <>
                  <span className="field-error">{upload.error}</span>
                  <Button
                    variant="ghost"
                    className="button-small"
                    onClick={() => removeUpload(upload.key)}
                  >
                    Dismiss<span className="visually-hidden"> {upload.name}</span>
                  </Button>
                </>
              ) : (
                <>
                  <progress max={1} value={upload.progress} aria-label={`Uploading ${upload.name}`} />
                  <span aria-hidden="true">{Math.round(upload.progress * 100)}%</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      {images.length > 0 && (
        <ol className="image-list">
          {images.map((image, i) => {
            const position = i + 1
            return (
              <li
                key={image.key}
                className={dragged === i ? 'image-item image-item-dragged' : 'image-item'}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move'
                  setDragged(i)
                }}
                onDragOver={(event) => {
                  if (dragged === null) return
                  event.preventDefault()
                  event.dataTransfer.dropEffect = 'move'
                }}
                onDrop={(event) => {
                  event.preventDefault()
                  if (dragged !== null && dragged !== i) move(dragged, i)
                  setDragged(null)
                }}
                onDragEnd={() => setDragged(null)}
              >
                <SmallImage image={image} side={96} />
                <div className="image-item-fields">
                  <Field
                    name={`images.${i}.alt`}
                    label={`Alt text for image ${position}`}
                    hint="What the picture shows, for people who cannot see it."
                    error={errors[`images.${i}.alt`] ?? errors[`images.${i}.url`] ?? errors[`images.${i}.thumbnail`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        type="text"
                        maxLength={300}
                        value={image.alt}
                        onChange={(event) => {
                          const alt = event.target.value
                          onChange((list) => list.map((other) => (other.key === image.key ? { ...other, alt } : other)))
                        }}
                      />
                    )}
                  </Field>
                </div>
                <div className="image-item-actions">
                  {/* aria-disabled rather than disabled: the button keeps the focus when the image reaches the end. */}
                  <Button variant="secondary" className="button-arrow" aria-disabled={i === 0} onClick={() => move(i, i - 1)}>
                    <span aria-hidden="true">↑</span>
                    <span className="visually-hidden">Move up image {position}</span>
                  </Button>
                  <Button variant="secondary" className="button-arrow" aria-disabled={i === images.length - 1} onClick={() => move(i, i + 1)}>
                    <span aria-hidden="true">↓</span>
                    <span className="visually-hidden">Move down image {position}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    className="button-small button-remove"
                    onClick={() => {
                      onChange((list) => list.filter((other) => other.key !== image.key))
                      setAnnouncement(`Image ${position} removed.`)
                      document.getElementById(`${id}-files`)?.focus()
                    }}
                  >
                    Remove<span className="visually-hidden"> image {position}</span>
                  </Button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </fieldset>
  )
}
