import { formatShortDate, messageKindLabels } from '@shop/domain'
import type { Message } from '@shop/domain/schemas/messages'
import { useFetcher } from 'react-router'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'

/** Where a message stands, in words: sent when, failed and why, or still being tried. */
function outcome(message: Message): string {
  if (message.status === 'sent') return message.sentAt ? `Sent ${formatShortDate(new Date(message.sentAt))}` : 'Sent'
  if (message.status === 'failed') return `Failed: ${message.error ?? 'no reason given'}`
  return message.error ? `Not sent yet (tried ${message.attempts}×: ${message.error})` : 'Waiting to be sent'
}

function ResendButton({ message }: { message: Message }) {
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'resend', Message>>()
  // A refusal stays until dismissed (an error toast); the confirmation goes by itself.
  useFetcherDone(fetcher, (answer) => (answer.ok ? toast(`Sending it again to ${answer.data.recipient}`) : toast(problemOf(answer.errors), 'error')))
  const busy = fetcher.state !== 'idle'
  return (
    <Button variant="ghost" disabled={busy} aria-busy={busy || undefined} onClick={() => void fetcher.submit({ intent: 'resend', message: message._id }, jsonSubmit)}>
      Resend<span className="visually-hidden"> {messageKindLabels[message.kind] ?? message.kind} to {message.recipient}</span>
    </Button>
  )
}

/** The e-mails and SMS about the order, newest first, each with its outcome and, for staff who move orders, a resend. */
export function OrderMessages({ messages, canResend }: { messages: Message[]; canResend: boolean }) {
  if (!messages.length) return <p>No messages yet.</p>
  return (
    <ul className="order-messages" aria-label="Messages">
      {messages.map((message) => (
        <li key={message._id} className={`order-message order-message-${message.status}`}>
          <strong>{messageKindLabels[message.kind] ?? message.kind}</strong>{' '}
          <time dateTime={message.createdAt}>{formatShortDate(new Date(message.createdAt))}</time>
          <p>
            {message.channel === 'sms' ? 'SMS' : 'E-mail'} to <span className="order-message-recipient">{message.recipient}</span>
          </p>
          <p className="order-message-outcome">{outcome(message)}</p>
          {canResend && <ResendButton message={message} />}
        </li>
      ))}
    </ul>
  )
}
