import { whatsAppUrl } from '../lib/whatsapp'

/**
 * "Chat with us on WhatsApp": how shoppers here ask a shop before they buy. Shown only when the shop gave
 * a number (Site settings); `about` starts the message with what the shopper is looking at.
 */
export function WhatsAppChat({ number, about, className }: { number: string; about?: string; className?: string }) {
  const href = number ? whatsAppUrl(number, about) : null
  if (!href) return null
  return (
    <a className={['whatsapp-chat', className].filter(Boolean).join(' ')} href={href} target="_blank" rel="noopener noreferrer">
      Chat with us on WhatsApp
    </a>
  )
}
