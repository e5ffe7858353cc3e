import { useId, useState } from 'react'

/** A shareable address with a Copy button (falls back to selecting the text). */
export function ShareLink({ url, label = 'Share link' }: { url: string; label?: string }) {
  const id = useId()
  const [copied, setCopied] = useState<string | null>(null)

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied('Link copied.')
    } catch {
      const input = document.getElementById(id) as HTMLInputElement | null
      input?.select()
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected link.')
    }
  }

  return (
    <div className="share-link">
      <label htmlFor={id}>{label}</label>
      <div className="inline-field">
        <input id={id} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className="hint" role="status">
        {copied}
      </p>
    </div>
  )
}
