import { AccountResolveBody, type AccountResolved, type FinancialAccount } from '@shop/domain/schemas/payments'
import type { Page } from '@shop/domain/schemas/wire'
import { type FormEvent, useState } from 'react'
import { useFetcher, useRevalidator } from 'react-router'
import { listPayoutBanks } from '../../../api/financial-accounts/list-payout-banks'
import { LoadError } from '../../../components/load-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field, FormError } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { api } from '../../../lib/api'
import { hasErrors, validate } from '../../../lib/form-errors'
import { type OnlinePayments, onlinePaymentsText } from '../../../lib/online-payments'
import { type ActionAnswer, type Settled, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { useApiData } from '../../../lib/use-api-data'
import { type AccountForm, accountFields, emptyAccountForm, isAccountFormDirty, kindLabels, resolveBody, visibleDigits } from '../account-form'
import { type ReportDirty, useReportDirty } from '../hooks/use-dirty-forms'
import { useFieldErrors } from '../hooks/use-field-errors'
import { SettingsSection } from './settings-section'

type Props = {
  shopId: string
  accounts: Settled<Page<FinancialAccount>>
  /** From the shop's settings: whether this platform takes online payments at all. */
  onlinePayments: OnlinePayments | null
  reportDirty: ReportDirty
}

/**
 * Where the shop is paid (decision 58): its payout account, chosen from Paystack's list of mobile money
 * networks and banks, checked with Paystack (the name it holds is shown before saving) and saved as the
 * shop's subaccount. The page's `resolve-payout` and `save-payout` intents; `remove-account` for the older
 * accounts kept for the records. Numbers only ever show masked.
 */
export function PayoutAccountSection({ shopId, accounts, onlinePayments, reportDirty }: Props) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const resolver = useFetcher<ActionAnswer<'resolve-payout', AccountResolved>>()
  const saver = useFetcher<ActionAnswer<'save-payout', FinancialAccount>>()
  const remover = useFetcher<ActionAnswer<'remove-account', null>>()
  const [form, setForm] = useState<AccountForm>(emptyAccountForm)
  const [resolved, setResolved] = useState<AccountResolved | null>(null)
  const [changing, setChanging] = useState(false)
  const [removing, setRemoving] = useState<FinancialAccount | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const { errors, setErrors, clear } = useFieldErrors()
  const busy = resolver.state !== 'idle' || saver.state !== 'idle' || remover.state !== 'idle'
  useReportDirty(reportDirty, 'accounts', isAccountFormDirty(form))

  const all = accounts.ok ? accounts.value.data : []
  const payout = all.find((account) => account.payout) ?? null
  const others = all.filter((account) => !account.payout)
  const available = onlinePayments !== 'unavailable'
  const open = available && (payout === null || changing)
  const banks = useApiData(open ? `payout-banks/${shopId}/${form.kind}` : null, () => listPayoutBanks(api, shopId, form.kind))
  const mobile = form.kind === 'mobile-money'

  function update(changes: Partial<AccountForm>) {
    setForm((previous) => ({ ...previous, ...changes }))
    // A name Paystack found belongs to the number it was asked about.
    setResolved(null)
    clear(...Object.keys(changes))
  }

  useFetcherDone(resolver, (answer) => {
    if (!answer.ok) return setErrors(answer.errors)
    setResolved(answer.data)
  })
  useFetcherDone(saver, (answer) => {
    if (!answer.ok) return setErrors(answer.errors)
    toast(`Payout account saved: ${answer.data.accountName}`)
    setForm(emptyAccountForm)
    setResolved(null)
    setChanging(false)
  })
  useFetcherDone(remover, (answer) => {
    const removed = removing
    setRemoving(null)
    if (!answer.ok) return setProblem(problemOf(answer.errors))
    if (removed) toast(`Account ending in ${visibleDigits(removed.accountNumber)} removed`)
  })

  function check(event: FormEvent) {
    event.preventDefault()
    const found = validate(AccountResolveBody, resolveBody(shopId, form))
    if (found.bankCode) found.bankCode = mobile ? 'Choose your network' : 'Choose your bank'
    setErrors(found)
    if (hasErrors(found)) return
    void resolver.submit({ intent: 'resolve-payout', ...accountFields(form) }, jsonSubmit)
  }

  function save() {
    void saver.submit({ intent: 'save-payout', id: payout?._id ?? null, ...accountFields(form) }, jsonSubmit)
  }

  return (
    <SettingsSection id="accounts" title="Payout account" intro="The account your online payments are paid into. Numbers are only ever shown masked.">
      {problem && <Alert onDismiss={() => setProblem(null)}>{problem}</Alert>}
      {!accounts.ok && <LoadError error={accounts.error} onRetry={() => void revalidator.revalidate()} />}
      {!available && <p>{onlinePaymentsText.unavailable}</p>}

      {payout && (
        <div className="settings-list">
          <div className="payout-account">
            <div className="settings-item-main">
              <strong>
                {payout.provider} · {payout.accountName}
              </strong>
              <span className="settings-item-detail">
                {kindLabels[payout.kind]} · <span aria-hidden="true">{payout.accountNumber}</span>
                <span className="visually-hidden">number ending in {visibleDigits(payout.accountNumber)}</span>
                {payout.verifiedAt ? ' · Checked by Paystack' : ' · Not checked yet'}
              </span>
            </div>
            {available && !changing && (
              <Button variant="secondary" disabled={busy} onClick={() => setChanging(true)}>
                Change
              </Button>
            )}
          </div>
        </div>
      )}
      {accounts.ok && !payout && available && <p>{onlinePaymentsText['needs-payout-account']}</p>}

      {open && (
        <form className="admin-form settings-subform" noValidate onSubmit={check} aria-labelledby="payout-form-title">
          <h3 id="payout-form-title">{payout ? 'Change the payout account' : 'Add your payout account'}</h3>
          <FormError error={errors.form ?? errors.shop ?? errors.payout ?? errors.id} />
          <fieldset className="field">
            <legend>Paid into</legend>
            <div className="choice-row">
              {(['mobile-money', 'bank'] as const).map((kind) => (
                <label key={kind} className="checkbox">
                  <input type="radio" name="kind" value={kind} checked={form.kind === kind} onChange={() => update({ kind, bankCode: '' })} />
                  {kindLabels[kind]}
                </label>
              ))}
            </div>
          </fieldset>
          {banks.error ? (
            <LoadError error={banks.error} onRetry={banks.reload} />
          ) : (
            <Field name="bankCode" label={mobile ? 'Network' : 'Bank'} error={errors.bankCode}>
              {(props) => (
                <select {...props} value={form.bankCode} disabled={banks.loading && !banks.data} onChange={(event) => update({ bankCode: event.target.value })}>
                  <option value="">{banks.loading ? 'Loading…' : mobile ? 'Choose your network' : 'Choose your bank'}</option>
                  {(banks.data?.data ?? [])
                    .filter((bank) => bank.kind === form.kind)
                    .map((bank) => (
                      <option key={bank.code} value={bank.code}>
                        {bank.name}
                      </option>
                    ))}
                </select>
              )}
            </Field>
          )}
          <Field
            name="accountNumber"
            label={mobile ? 'Mobile money number' : 'Account number'}
            error={errors.accountNumber}
            hint={mobile ? '10 digits starting with 0, or +233 and 9 digits.' : '6 to 20 digits.'}
          >
            {(props) => (
              <input
                {...props}
                inputMode={mobile ? 'tel' : 'numeric'}
                autoComplete="off"
                value={form.accountNumber}
                onChange={(event) => update({ accountNumber: event.target.value })}
              />
            )}
          </Field>
          {resolved && (
            <div className="payout-resolved" role="status">
              <p>
                Paystack found <strong>{resolved.accountName}</strong> ({resolved.bankName}, number ending in {visibleDigits(resolved.accountNumber)}).
              </p>
              <p className="field-hint">Save it if this is the account you want to be paid into.</p>
            </div>
          )}
          <div className="form-actions">
            {resolved ? (
              <Button type="button" disabled={busy} onClick={save}>
                {saver.state !== 'idle' ? 'Saving…' : 'Save payout account'}
              </Button>
            ) : (
              <Button type="submit" disabled={busy}>
                {resolver.state !== 'idle' ? 'Checking…' : 'Check account'}
              </Button>
            )}
            {payout && (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => {
                  setChanging(false)
                  setForm(emptyAccountForm)
                  setResolved(null)
                  clear('form', 'bankCode', 'accountNumber')
                }}
              >
                Keep the current account
              </Button>
            )}
          </div>
        </form>
      )}

      {others.length > 0 && (
        <div className="settings-subform">
          <h3>Other accounts on record</h3>
          <p className="field-hint">Kept for your records; no payments are made to them.</p>
          <ul className="settings-list">
            {others.map((account) => (
              <li key={account._id}>
                <div className="settings-item-main">
                  <strong>
                    {account.provider} · {account.accountName}
                  </strong>
                  <span className="settings-item-detail">
                    {kindLabels[account.kind]} · <span aria-hidden="true">{account.accountNumber}</span>
                    <span className="visually-hidden">number ending in {visibleDigits(account.accountNumber)}</span>
                  </span>
                </div>
                <Button variant="secondary" className="button-danger" disabled={busy} onClick={() => setRemoving(account)}>
                  Remove<span className="visually-hidden"> the account ending in {visibleDigits(account.accountNumber)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={`Remove the account ending in ${removing ? visibleDigits(removing.accountNumber) : ''}?`}
        confirmLabel="Remove"
        danger
        busy={busy}
        onConfirm={() => {
          if (!removing) return
          setProblem(null)
          void remover.submit({ intent: 'remove-account', id: removing._id }, jsonSubmit)
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>It is only kept for your records; removing it changes no payments.</p>
      </ConfirmDialog>
    </SettingsSection>
  )
}
