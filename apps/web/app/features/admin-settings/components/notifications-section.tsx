import { type BuyerMessageKind, buyerMessageKinds, buyerMessageLabels, smsMessageKinds } from '@shop/domain'
import type { MessageSettings } from '@shop/domain/schemas/messages'
import { type FormEvent, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button, SaveButton } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { type ReportDirty, useReportDirty } from '../hooks/use-dirty-forms'
import { SettingsSection } from './settings-section'

type Switches = { buyerEmails: Record<BuyerMessageKind, boolean>; sms: boolean; paymentReminders: boolean }
const switchesOf = (settings: MessageSettings): Switches => ({
  buyerEmails: { ...settings.buyerEmails },
  sms: settings.sms,
  paymentReminders: settings.paymentReminders,
})

/** Notifications: which e-mails buyers get, SMS on or off, the reminder to pay, and a test e-mail to oneself. */
export function NotificationsSection({ settings, reportDirty }: { settings: MessageSettings; reportDirty: ReportDirty }) {
  const toast = useToast()
  const [switches, setSwitches] = useState(() => switchesOf(settings))
  const [error, setError] = useState<string | undefined>()
  const save = useFetcher<ActionAnswer<'update-messages', MessageSettings>>()
  const test = useFetcher<ActionAnswer<'test-email', { message: string }>>()
  useReportDirty(reportDirty, 'notifications', JSON.stringify(switches) !== JSON.stringify(switchesOf(settings)))
  useFetcherDone(save, (answer) => {
    if (!answer.ok) return setError(problemOf(answer.errors))
    setSwitches(switchesOf(answer.data))
    toast('Notifications saved')
  })
  useFetcherDone(test, (answer) => toast(answer.ok ? answer.data.message : problemOf(answer.errors)))

  function submit(event: FormEvent) {
    event.preventDefault()
    setError(undefined)
    void save.submit({ intent: 'update-messages', ...switches }, jsonSubmit)
  }

  const mailbox = settings.emailTransport === 'mailbox'
  return (
    <SettingsSection
      id="notifications"
      title="Notifications"
      intro={
        mailbox
          ? 'This server has no SMTP_URL: e-mail is kept in its development mailbox (/dev/mailbox) instead of being sent.'
          : 'E-mail goes out from your shop’s name; replies reach the owner.'
      }
    >
      <form className="admin-form" noValidate onSubmit={submit}>
        <FormError error={error} />
        <fieldset>
          <legend>E-mails to buyers</legend>
          {buyerMessageKinds.map((kind) => (
            <label key={kind} className="checkbox">
              <input
                type="checkbox"
                checked={switches.buyerEmails[kind]}
                onChange={(event) => setSwitches((previous) => ({ ...previous, buyerEmails: { ...previous.buyerEmails, [kind]: event.target.checked } }))}
              />
              {buyerMessageLabels[kind]}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>SMS</legend>
          <label className="checkbox">
            <input type="checkbox" checked={switches.sms} onChange={(event) => setSwitches((previous) => ({ ...previous, sms: event.target.checked }))} />
            Also text the phone given at checkout
          </label>
          <p className="field-hint">
            {settings.smsAvailable
              ? `By SMS: ${smsMessageKinds.map((kind) => buyerMessageLabels[kind].toLowerCase()).join(', ')}.`
              : 'SMS is not set up on this server (ARKESEL_API_KEY and ARKESEL_SENDER_ID): nothing is texted until it is.'}
          </p>
        </fieldset>
        <fieldset>
          <legend>Reminders to pay</legend>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={switches.paymentReminders}
              onChange={(event) => setSwitches((previous) => ({ ...previous, paymentReminders: event.target.checked }))}
            />
            Remind buyers who have not paid online yet
          </label>
          <p className="field-hint">
            One reminder with the pay link, by SMS and e-mail, halfway to the time an unpaid online order is canceled. You can
            still send a reminder yourself from any order with money due.
          </p>
        </fieldset>
        <div className="form-actions">
          <SaveButton saving={save.state !== 'idle'}>Save notifications</SaveButton>
          <Button type="button" disabled={test.state !== 'idle'} onClick={() => void test.submit({ intent: 'test-email' }, jsonSubmit)}>
            Send a test e-mail
          </Button>
        </div>
      </form>
    </SettingsSection>
  )
}
