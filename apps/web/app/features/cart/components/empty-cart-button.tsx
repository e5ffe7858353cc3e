import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { cartActions } from '../../../lib/cart/use-cart'

/**
 * "Empty cart", asked first: one tap shows "Empty your cart?" with Empty it and Keep it, so a slip of the
 * thumb never loses the cart. Decision 88.
 */
export function EmptyCartButton({ disabled }: { disabled?: boolean }) {
  const [asking, setAsking] = useState(false)
  const keep = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (asking) keep.current?.focus()
  }, [asking])

  if (!asking) {
    return (
      <Button variant="ghost" disabled={disabled} onClick={() => setAsking(true)}>
        Empty cart
      </Button>
    )
  }
  return (
    <div className="empty-cart-ask" role="group" aria-label="Empty your cart?">
      <span>Empty your cart?</span>
      <Button variant="secondary" onClick={cartActions.clear}>
        Empty it
      </Button>
      <Button ref={keep} variant="secondary" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </div>
  )
}
