import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import type { ProductImportResult } from '@shop/domain/schemas/catalog'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { FilePicker } from '../../../components/ui/file-picker'
import { useToast } from '../../../components/ui/toast'
import { downloadText } from '../../../lib/download-file'
import { formatMoney } from '../../../lib/money'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'

type CsvAnswer = ActionAnswer<'export', string> | ActionAnswer<'preview-import' | 'import', ProductImportResult>

const summary = (result: ProductImportResult) =>
  [`${result.created} new`, `${result.updated} updated`].join(', ') + ` (${result.rows.length} ${result.rows.length === 1 ? 'row' : 'rows'})`

/**
 * Export the products as CSV, and import a CSV: the file is checked first and every row shown with what it
 * will do or what is wrong with it; Import writes it all, or nothing if any row is wrong.
 */
export function ProductCsvPanel({ canEdit, currency }: { canEdit: boolean; currency: string }) {
  const id = useId()
  const toast = useToast()
  const fetcher = useFetcher<CsvAnswer>()
  const [file, setFile] = useState<{ name: string; text: string } | null>(null)
  const [preview, setPreview] = useState<ProductImportResult | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const busy = fetcher.state !== 'idle' ? ((fetcher.json as { intent?: string } | undefined)?.intent ?? null) : null

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) {
      setProblem(problemOf(answer.errors))
      return
    }
    setProblem(null)
    if (answer.intent === 'export') {
      downloadText(answer.data, 'products.csv')
      toast('Products exported')
    } else if (answer.intent === 'preview-import') {
      setPreview(answer.data)
    } else {
      toast(`Imported: ${summary(answer.data)}`)
      setPreview(null)
      setFile(null)
    }
  })

  async function choose(chosen: File | undefined) {
    setPreview(null)
    setProblem(null)
    if (!chosen) return
    const text = await chosen.text()
    setFile({ name: chosen.name, text })
    void fetcher.submit({ intent: 'preview-import', csv: text }, jsonSubmit)
  }

  const invalid = preview ? preview.rows.filter((row) => row.errors.length > 0).length : 0

  return (
    <section className="panel csv-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Export and import</h2>
      <p className="field-hint">
        One row per variant, with its stock: edit it in a spreadsheet and import it again. Rows without a product id make new products.
      </p>
      <div className="csv-actions">
        <Button
          variant="secondary"
          onClick={() => void fetcher.submit({ intent: 'export' }, jsonSubmit)}
          disabled={busy === 'export'}
          aria-busy={busy === 'export' || undefined}
        >
          {busy === 'export' ? 'Exporting…' : 'Export CSV'}
        </Button>
        {canEdit && (
          <>
            <label htmlFor={`${id}-file`} className="visually-hidden">
              Import a CSV file
            </label>
            <FilePicker
              id={`${id}-file`}
              text="Import CSV…"
              accept=".csv,text/csv"
              disabled={fetcher.state !== 'idle'}
              onChange={(event) => {
                void choose(event.target.files?.[0])
                event.target.value = ''
              }}
            />
          </>
        )}
      </div>
      {problem && <Alert onDismiss={() => setProblem(null)}>{problem}</Alert>}
      {busy === 'preview-import' && (
        <p role="status" className="hint">
          Checking {file?.name}…
        </p>
      )}
      {preview && file && (
        <div className="import-review">
          <p role="status">
            <strong>{file.name}</strong>: {summary(preview)}.{' '}
            {invalid > 0 ? `${invalid} ${invalid === 1 ? 'row has' : 'rows have'} problems: fix them and choose the file again.` : 'Every row is fine.'}
          </p>
          <ol className="import-preview" aria-label="Import preview">
            {preview.rows.map((row) => (
              <li key={row.line} className={row.errors.length ? 'import-row import-row-invalid' : 'import-row'}>
                <div className="import-row-head">
                  <span className="hint">Line {row.line}</span>
                  <span className={row.action === 'create' ? 'tag tag-in' : 'tag tag-out'}>{row.action === 'create' ? 'New' : 'Update'}</span>
                  <strong>{row.title || '(no title)'}</strong>
                  {row.variant && <span>{row.variant}</span>}
                  {row.price !== null && <span>{formatMoney(row.price, currency)}</span>}
                  <span>{row.stock === null ? 'stock unchanged' : `stock ${row.stock}`}</span>
                </div>
                {row.errors.length > 0 && (
                  <ul className="import-row-errors">
                    {row.errors.map((error) => (
                      <li key={`${error.column}:${error.message}`}>
                        {error.column}: {error.message}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          <div className="form-actions">
            <Button
              onClick={() => void fetcher.submit({ intent: 'import', csv: file.text }, jsonSubmit)}
              disabled={invalid > 0 || fetcher.state !== 'idle'}
              aria-busy={busy === 'import' || undefined}
            >
              {busy === 'import' ? 'Importing…' : `Import ${preview.created + preview.updated} ${preview.created + preview.updated === 1 ? 'product' : 'products'}`}
            </Button>
            <Button variant="ghost" onClick={() => (setPreview(null), setFile(null))}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}
