import type { ShopDomain } from '@shop/domain/schemas/shop'
import { Button } from '../../../components/ui/button'
import { checkSummary, domainStatus, domainStatusLabels } from '../domain-verification'
import { useDomainCheck } from '../hooks/use-domain-check'
import { CopyField } from '../../../components/ui/copy-field'

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const formatTime = (iso: string) => dateTime.format(new Date(iso))

type DomainItemProps = {
  domain: string
  /** The domain as saved, or undefined while it is only in the form. */
  detail: ShopDomain | undefined
  /** The API's message about this domain from the last save. */
  error: string | undefined
  onRemove: () => void
}

/** One custom domain: its status (in words, not only colour), how to verify it, and "Check now". */
export function DomainItem({ domain, detail, error, onRemove }: DomainItemProps) {
  const status = domainStatus(detail)
  const { checking, failure, check } = useDomainCheck(domain)
  const summary = detail ? checkSummary(detail, formatTime) : 'Save the domains to get the instructions to verify it.'

  return (
    <li className="domain-item">
      <div className="domain-head">
        <span className="domain-name">{domain}</span>
        <span className={`domain-status domain-status-${status}`}>
          <span className="visually-hidden">Status: </span>
          {domainStatusLabels[status]}
        </span>
        <Button variant="ghost" onClick={onRemove}>
          Remove<span className="visually-hidden"> {domain}</span>
        </Button>
      </div>
      {error && <p className="field-error">{`${domain}: ${error}`}</p>}
      {detail?.status === 'pending' && (
        <div className="domain-instructions" role="group" aria-label={`How to verify ${domain}`}>
          <p>
            It shows your shop once you prove it is yours. <strong>Either</strong> add this TXT record at your DNS provider:
          </p>
          <CopyField label="TXT record name" value={detail.txtRecord.name} copies="the TXT record name" copied="TXT record name copied" />
          <CopyField label="TXT record value" value={detail.txtRecord.value} copies="the TXT record value" copied="TXT record value copied" />
          <p>
            <strong>Or</strong> publish a file at this address whose whole content is the text below:
          </p>
          <CopyField label="File URL" value={detail.httpFile.url} copies="the file URL" copied="File URL copied" />
          <CopyField label="File content" value={detail.httpFile.content} copies="the file content" copied="File content copied" />
          <p className="field-hint">Then press Check now. A new DNS record can take a while to be seen everywhere.</p>
        </div>
      )}
      <div className="domain-check">
        {detail?.status === 'pending' && (
          <Button variant="secondary" onClick={check} disabled={checking} aria-busy={checking || undefined}>
            {checking ? 'Checking…' : 'Check now'}
            <span className="visually-hidden"> {domain}</span>
          </Button>
        )}
        <p className={failure ? 'field-error' : 'field-hint'} role="status">
          {failure ? `The check did not run: ${failure}` : summary}
        </p>
      </div>
    </li>
  )
}
