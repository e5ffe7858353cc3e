import { Button } from '../../../components/ui/button'

type Props = {
  count: number
  busy: boolean
  onAvailability: (available: boolean) => void
  onClear: () => void
}

/** What can be done to the ticked products at once: show them in the shop or hide them. */
export function BulkBar({ count, busy, onAvailability, onClear }: Props) {
  return (
    <div className="bulk-bar" role="region" aria-label="Selected products">
      <p>{count === 1 ? '1 product selected' : `${count} products selected`}</p>
      <Button variant="secondary" onClick={() => onAvailability(true)} disabled={busy}>
        Show in shop
      </Button>
      <Button variant="secondary" onClick={() => onAvailability(false)} disabled={busy}>
        Hide from shop
      </Button>
      <Button variant="ghost" onClick={onClear} disabled={busy}>
        Clear selection
      </Button>
    </div>
  )
}
