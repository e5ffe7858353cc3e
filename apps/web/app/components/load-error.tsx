import { errorMessage } from '../lib/api'
import { isNetworkError } from '../lib/route-errors'

/** A failed load, with a way to try again (docs/product.md §8 'Network Error' and the rest). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p>
        {isNetworkError(error)
          ? 'We could not reach the shop. Check your connection and try again.'
          : `This could not be loaded: ${errorMessage(error)}`}
      </p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
