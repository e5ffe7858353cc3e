import { FinancialAccountCreateBody, type FinancialAccount } from '@shop/domain/schemas/payments'
import { type FormEvent, useState } from 'react'
import { useFetcher, useRevalidator } from 'react-router'
import type { Page } from '@shop/domain/schemas/wire'
import { LoadError } from '../../../components/load-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field, FormError } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { hasErrors, validate } from '../../../lib/form-errors'
import { type ActionAnswer, type Settled, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { type AccountForm, accountBody, emptyAccountForm, isAccountFormDirty, kindLabels, visibleDigits } from '../account-form'
import { type ReportDirty, useReportDirty } from '../hooks/use-dirty-forms'
import { useFieldErrors } from '../hooks/use-field-errors'
import { SettingsSection } from './settings-section'

type FinancialAccountsSectionProps = { shopId: string; accounts: Settled<Page<FinancialAccount>>; reportDirty: ReportDirty }

/**
 * Where the shop's money is paid out: the page's `add-account` and `remove-account` intents. The API only
 * ever answers numbers masked; this page never shows one whole.
 */
export function FinancialAccountsSection({ shopId, accounts, reportDirty }: FinancialAccountsSectionProps) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const adder = useFetcher<ActionAnswer<'add-account', FinancialAccount>>()
  const remover = useFetcher<ActionAnswer<'remove-account', null>>()
  const [form, setForm] = useState<AccountForm>(emptyAccountForm)
  const { errors, setErrors, clear } = useFieldErrors()
  const saving = adder.state !== 'idle' || remover.state !== 'idle'
  const [removing, setRemoving] = useState<FinancialAccount | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useReportDirty(reportDirty, 'accounts', isAccountFormDirty(form))

  function update(changes: Partial<AccountForm>) {
    setForm((previous) => ({ ...previous, ...changes }))
    clear(...Object.keys(changes))
  }

  useFetcherDone(adder, (answer) => {
    if (!answer.ok) return setErrors(answer.errors)
    toast(`${kindLabels[answer.data.kind]} account ending in ${visibleDigits(answer.data.accountNumber)} added`)
    setForm(emptyAccountForm)
  })
  useFetcherDone(remover, (answer) => {
    const removed = removing
    setRemoving(null)
    if (!answer.ok) return setProblem(problemOf(answer.errors))
    if (removed) toast(`Account ending in ${visibleDigits(removed.accountNumber)} removed`)
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = validate(FinancialAccountCreateBody, accountBody(shopId, form))
    setErrors(found)
    if (hasErrors(found)) return
    void adder.submit({ intent: 'add-account', form }, jsonSubmit)
  }

  function remove(account: FinancialAccount) {
    setProblem(null)
    void remover.submit({ intent: 'remove-account', id: account._id }, jsonSubmit)
  }

  const mobile = form.kind === 'mobile-money'
  return (
    <SettingsSection id="accounts" title="Financial accounts" intro="Where the shop’s money is paid out. Numbers are only ever shown masked.">
      {problem && <Alert onDismiss={() => setProblem(null)}>{problem}</Alert>}
      {!accounts.ok ? (
        <LoadError error={accounts.error} onRetry={() => void revalidator.revalidate()} />
      ) : accounts.value.data.length === 0 ? (
        <p>No payout accounts yet.</p>
      ) : (
        <ul className="settings-list">
          {accounts.value.data.map((account) => (
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
              <Button variant="secondary" className="button-danger" disabled={saving} onClick={() => setRemoving(account)}>
                Remove<span className="visually-hidden"> the account ending in {visibleDigits(account.accountNumber)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}

      <form className="admin-form settings-subform" noValidate onSubmit={submit} aria-labelledby="add-account-title">
        <h3 id="add-account-title">Add an account</h3>
        <FormError error={errors.form ?? errors.shop} />
        <fieldset className="field">
          <legend>Kind</legend>
          <div className="choice-row">
            {(['mobile-money', 'bank'] as const).map((kind) => (
              <label key={kind} className="checkbox">
                <input type="radio" name="kind" value={kind} checked={form.kind === kind} onChange={() => update({ kind })} />
                {kindLabels[kind]}
              </label>
            ))}
          </div>
        </fieldset>
        <Field name="provider" label={mobile ? 'Network' : 'Bank'} error={errors.provider} hint={mobile ? 'For example MTN MoMo, Telecel Cash or AirtelTigo Money.' : undefined}>
          {(props) => <input {...props} autoComplete="off" value={form.provider} onChange={(event) => update({ provider: event.target.value })} />}
        </Field>
        <Field name="accountName" label="Account name" error={errors.accountName}>
          {(props) => <input {...props} autoComplete="off" value={form.accountName} onChange={(event) => update({ accountName: event.target.value })} />}
        </Field>
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
        <div className="form-actions">
          <Button type="submit" disabled={saving}>
            {saving ? 'Adding…' : 'Add account'}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={removing !== null}
        title={`Remove the account ending in ${removing ? visibleDigits(removing.accountNumber) : ''}?`}
        confirmLabel="Remove"
        danger
        busy={saving}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>Payouts will no longer go to this account.</p>
      </ConfirmDialog>
    </SettingsSection>
  )
}
