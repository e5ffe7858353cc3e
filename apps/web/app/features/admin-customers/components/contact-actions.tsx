import { callHref, whatsAppHref } from '../contact-links'

/** Call and WhatsApp for a customer's phone, as 44 px buttons; nothing without a phone. */
export function ContactActions({ name, phone }: { name: string; phone: string }) {
  const call = callHref(phone)
  const chat = whatsAppHref(phone)
  if (!call && !chat) return null
  const who = name || phone
  return (
    <p className="customer-contact">
      {call && (
        <a className="button button-secondary" href={call} aria-label={`Call ${who}`}>
          Call
        </a>
      )}
      {chat && (
        <a className="button button-secondary" href={chat} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp ${who}`}>
          WhatsApp
        </a>
      )}
    </p>
  )
}
