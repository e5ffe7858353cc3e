import { useState } from 'react'
import { errorMessage } from '../lib/api'
import { downloadText } from '../lib/download-file'
import { Alert } from './ui/alert'
import { Button } from './ui/button'

/**
 * "Export CSV": fetches the list as the filters show it (every page) with the shop's session and saves it
 * as `{name}-{today}.csv`; a failure is said beside the button.
 */
export function CsvExportButton({ name, load }: { name: string; load: () => Promise<string> }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function download() {
    setBusy(true)
    setError(null)
    try {
      downloadText(await load(), `${name}-${new Date().toISOString().slice(0, 10)}.csv`)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div>
      <Button variant="secondary" onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Exporting…' : 'Export CSV'}
      </Button>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
    </div>
  )
}
