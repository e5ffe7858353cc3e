import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { Button, SaveButton } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/field'
import { useConfigSave } from '../hooks/use-config-save'
import { useReportDirty } from '../hooks/use-dirty-forms'
import { savedDomain } from '../domain-verification'
import { addDomain, domainErrors, removeDomain } from '../shop-config-forms'
import type { ConfigSectionProps } from './config-section-props'
import { DomainItem } from './domain-item'
import { SettingsSection } from './settings-section'

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i])

/**
 * Custom domains: host names that serve this shop besides its platform address, once verified. The list is
 * saved as one; each saved domain shows its status, how to verify it, and a "Check now" button.
 */
export function DomainsSection({ config, reportDirty }: ConfigSectionProps) {
  const inputId = useId()
  const [domains, setDomains] = useState(config.domains)
  const [draft, setDraft] = useState('')
  const [draftError, setDraftError] = useState<string | null>(null)
  /** The list as last sent: the messages for `domains.{n}` are about its positions. */
  const [sent, setSent] = useState<readonly string[]>([])
  const { errors, clear, saving, save } = useConfigSave({
    success: 'Domains saved',
    onSaved: (updated) => setDomains(updated.domains),
  })
  useReportDirty(reportDirty, 'domains', !sameList(domains, config.domains) || draft.trim() !== '')
  function add() {
    const result = addDomain(domains, draft)
    if ('error' in result) return setDraftError(result.error)
    setDomains(result.domains)
    setDraft('')
    setDraftError(null)
    clear('domains')
  }

  function addOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return
    event.preventDefault()
    add()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setSent(domains)
    save({ domains })
  }

  const errorId = `${inputId}-error`
  const hostErrors = domainErrors(errors, sent)
  return (
    <SettingsSection
      id="domains"
      title="Custom domains"
      intro="Host names such as shop.example.com that show this shop. Point each one at this platform, then prove it is yours with a DNS TXT record or a file: a domain shows the shop only once verified."
    >
      <form className="admin-form" noValidate onSubmit={submit}>
        <FormError error={errors.form ?? errors.domains} />
        {domains.length === 0 ? (
          <p>No custom domains.</p>
        ) : (
          <ul className="domain-list">
            {domains.map((domain, index) => (
              <DomainItem
                key={domain}
                domain={domain}
                detail={savedDomain(config.customDomains, domain)}
                error={hostErrors[domain]}
                onRemove={() => setDomains(removeDomain(domains, index))}
              />
            ))}
          </ul>
        )}
        <div className={draftError ? 'field field-invalid' : 'field'}>
          <label htmlFor={inputId}>Add a domain</label>
          <div className="inline-field">
            <input
              id={inputId}
              autoComplete="off"
              spellCheck={false}
              inputMode="url"
              placeholder="shop.example.com"
              value={draft}
              aria-invalid={draftError ? true : undefined}
              aria-describedby={draftError ? errorId : undefined}
              onChange={(event) => {
                setDraft(event.target.value)
                setDraftError(null)
              }}
              onKeyDown={addOnEnter}
            />
            <Button variant="secondary" onClick={add}>
              Add
            </Button>
          </div>
          {draftError && (
            <p className="field-error" id={errorId}>
              {draftError}
            </p>
          )}
        </div>
        <div className="form-actions">
          <SaveButton saving={saving}>Save domains</SaveButton>
        </div>
      </form>
    </SettingsSection>
  )
}
