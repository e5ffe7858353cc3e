import { useId, useState } from 'react'
import { useHydrated } from '../../../lib/use-hydrated'

/** A `wa.me` link that opens WhatsApp with the message and the link filled in, to any chat. */
export function whatsAppShareUrl(message: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${message} ${url}`)}`
}

/**
 * A shareable address with a Copy button (falls back to selecting the text). With `message` (a link meant
 * for others, never a private one), also "Share on WhatsApp" and the phone's share sheet where it has one.
 */
export function ShareLink({ url, label = 'Share link', message }: { url: string; label?: string; message?: string }) {
  const id = useId()
  const [copied, setCopied] = useState<string | null>(null)
  const hydrated = useHydrated()
  const canShare = hydrated && typeof navigator !== 'undefined' && typeof navigator.share === 'function'

  async function shareSheet() {
    try {
      await navigator.share({ text: message, url })
    } catch {
      // Closed without sharing: nothing to say.
    }
  }

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
      {message && (
        <div className="share-actions">
          <a className="button button-secondary" href={whatsAppShareUrl(message, url)} target="_blank" rel="noopener noreferrer">
            Share on WhatsApp
          </a>
          {canShare && (
            <button type="button" className="button button-secondary" onClick={() => void shareSheet()}>
              Share…
            </button>
          )}
        </div>
      )}
      <p className="hint" role="status">
        {copied}
      </p>
    </div>
  )
}
