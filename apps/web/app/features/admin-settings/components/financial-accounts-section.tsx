import { FinancialAccountCreateBody } from '@shop/domain/schemas/payments'
import { type FormEvent, useState } from 'react'
import { LoadError } from '../../../components/load-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field, FormError } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { api, errorMessage } from '../../../lib/api'
import { hasErrors, serverFieldErrors, validate } from '../../../lib/form-errors'
import { useApiData } from '../../../lib/use-api-data'
import { type AccountForm, accountBody, emptyAccountForm, isAccountFormDirty, kindLabels, visibleDigits } from '../account-form'
import { createFinancialAccount } from '../../../api/financial-accounts/create-financial-account'
import { deleteFinancialAccount } from '../../../api/financial-accounts/delete-financial-account'
import { listFinancialAccounts } from '../../../api/financial-accounts/list-financial-accounts'
import { type ReportDirty, useReportDirty } from '../hooks/use-dirty-forms'
import { useFieldErrors } from '../hooks/use-field-errors'
import type { FinancialAccount } from '../types'
import { SettingsSection } from './settings-section'

const fields = ['kind', 'provider', 'accountName', 'accountNumber'] as const

/** Where the shop's money is paid out. The API only ever answers numbers masked; this page never shows one whole. */
export function FinancialAccountsSection({ shopId, reportDirty }: { shopId: string; reportDirty: ReportDirty }) {
  const toast = useToast()
  const accounts = useApiData(`financial-accounts/${shopId}`, () => listFinancialAccounts(api, shopId))
  const [form, setForm] = useState<AccountForm>(emptyAccountForm)
  const { errors, setErrors, clear } = useFieldErrors()
  const [saving, setSaving] = useState(false)
  const [removing, setRemoving] = useState<FinancialAccount | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useReportDirty(reportDirty, 'accounts', isAccountFormDirty(form))

  function update(changes: Partial<AccountForm>) {
    setForm((previous) => ({ ...previous, ...changes }))
    clear(...Object.keys(changes))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const body = accountBody(shopId, form)
    const found = validate(FinancialAccountCreateBody, body)
    setErrors(found)
    if (hasErrors(found)) return
    setSaving(true)
    try {
      const account = await createFinancialAccount(api, body)
      toast(`${kindLabels[account.kind]} account ending in ${visibleDigits(account.accountNumber)} added`)
      setForm(emptyAccountForm)
      accounts.reload()
    } catch (error) {
      setErrors(serverFieldErrors(error, fields))
    } finally {
      setSaving(false)
    }
  }

  async function remove(account: FinancialAccount) {
    setProblem(null)
    setSaving(true)
    try {
      await deleteFinancialAccount(api, account._id)
      toast(`Account ending in ${visibleDigits(account.accountNumber)} removed`)
      accounts.reload()
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setSaving(false)
      setRemoving(null)
    }
  }

  const mobile = form.kind === 'mobile-money'
  return (
    <SettingsSection id="accounts" title="Financial accounts" intro="Where the shop’s money is paid out. Numbers are only ever shown masked.">
      {problem && <Alert onDismiss={() => setProblem(null)}>{problem}</Alert>}
      {accounts.error ? (
        <LoadError error={accounts.error} onRetry={accounts.reload} />
      ) : !accounts.data ? (
        <p className="loading" role="status">
          Loading the accounts…
        </p>
      ) : accounts.data.data.length === 0 ? (
        <p>No payout accounts yet.</p>
      ) : (
        <ul className="settings-list">
          {accounts.data.data.map((account) => (
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
