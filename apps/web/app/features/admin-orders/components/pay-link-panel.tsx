import type { Order } from '@shop/domain/schemas/orders'
import type { PayLinkChannel, PayLinkSent, ReminderSent } from '@shop/domain/schemas/pay-links'
import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { formatMoney } from '../../../lib/money'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { payLinkMessage, whatsAppHref } from '../pay-link-message'

const sentWords: Record<PayLinkChannel, string> = {
  whatsapp: 'Pay link shared on WhatsApp',
  sms: 'Pay link sent by SMS',
  email: 'Pay link sent by e-mail',
  copy: 'Pay link copied',
}

/**
 * "Send pay link" and "Remind to pay" for an order with money due: the link by WhatsApp (a chat opened with
 * the message filled in), SMS, e-mail (when the order has one) or copied; a reminder by SMS and e-mail. The
 * shop sends SMS and e-mail; WhatsApp and Copy happen on this phone and the page tells the shop, so each
 * lands on the timeline. Submits the page's `pay-link` and `remind` intents.
 */
export function PayLinkPanel({ order, shopTitle }: { order: Order & { payLink: string }; shopTitle: string }) {
  const id = useId()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const send = useFetcher<ActionAnswer<'pay-link', PayLinkSent>>()
  const remind = useFetcher<ActionAnswer<'remind', ReminderSent>>()
  const busy = send.state !== 'idle' || remind.state !== 'idle'
  const message = payLinkMessage(order, shopTitle, order.payLink)

  useFetcherDone(send, (answer) => {
    if (!answer.ok) return setError(problemOf(answer.errors))
    toast(answer.data.recipient ? `${sentWords[answer.data.channel]} to ${answer.data.recipient}` : sentWords[answer.data.channel])
  })
  useFetcherDone(remind, (answer) => {
    if (!answer.ok) return setError(problemOf(answer.errors))
    toast(`Reminder sent ${answer.data.sent.map((one) => (one.channel === 'sms' ? 'by SMS' : 'by e-mail')).join(' and ')}`)
  })

  const tell = (channel: PayLinkChannel) => {
    setError(null)
    void send.submit({ intent: 'pay-link', channel }, jsonSubmit)
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(order.payLink)
      tell('copy')
    } catch {
      const field = document.getElementById(`${id}-link`) as HTMLTextAreaElement | null
      field?.focus()
      field?.select()
      toast('Could not copy: the link is selected, copy it by hand', 'error')
    }
  }

  return (
    <section className="panel pay-link" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Get paid online</h2>
      <p className="field-hint">The buyer opens the pay link and pays {formatMoney(order.balance, order.currency)} online.</p>
      <div className="pay-link-actions">
        <Button variant="secondary" aria-expanded={open} aria-controls={`${id}-ways`} onClick={() => setOpen((value) => !value)}>
          Send pay link
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          aria-busy={remind.state !== 'idle' || undefined}
          onClick={() => {
            setError(null)
            void remind.submit({ intent: 'remind' }, jsonSubmit)
          }}
        >
          Remind to pay
        </Button>
      </div>
      {open && (
        <div id={`${id}-ways`} className="pay-link-ways">
          <div className="pay-link-actions">
            <a className="button button-primary" href={whatsAppHref(order.phone, message)} target="_blank" rel="noopener noreferrer" onClick={() => tell('whatsapp')}>
              WhatsApp
            </a>
            {order.phone && (
              <Button variant="secondary" disabled={busy} onClick={() => tell('sms')}>
                SMS
              </Button>
            )}
            {order.email && (
              <Button variant="secondary" disabled={busy} onClick={() => tell('email')}>
                E-mail
              </Button>
            )}
            <Button variant="secondary" disabled={busy} onClick={() => void copy()}>
              Copy
            </Button>
          </div>
          <label htmlFor={`${id}-link`} className="field-hint">
            Pay link
          </label>
          <textarea id={`${id}-link`} className="copy-value" readOnly rows={2} spellCheck={false} value={order.payLink} onFocus={(event) => event.currentTarget.select()} />
        </div>
      )}
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
    </section>
  )
}
