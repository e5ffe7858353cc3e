import type { MouseEvent } from 'react'

/**
 * Share a product: the phone's own share sheet (Web Share API) where there is one, else WhatsApp, the way
 * most shoppers here pass a link on. Without JavaScript it is the WhatsApp link.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const whatsApp = `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`

  function share(event: MouseEvent<HTMLAnchorElement>) {
    if (typeof navigator.share !== 'function') return
    event.preventDefault()
    // Dismissing the share sheet rejects; there is nothing to tell the shopper then.
    navigator.share({ title, url }).catch(() => undefined)
  }

  return (
    <a className="button button-secondary share-button" href={whatsApp} target="_blank" rel="noopener noreferrer" onClick={share}>
      Share
    </a>
  )
}
