import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'

/** Back (a link to the previous step) and the step's submit button. */
export function StepActions({ back, next = 'Next', busy = false }: { back: string | null; next?: string; busy?: boolean }) {
  return (
    <div className="form-actions setup-actions">
      {back && (
        <Link to={back} className="button button-secondary">
          Back
        </Link>
      )}
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {next}
      </Button>
    </div>
  )
}
