import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { Variant } from '@shop/domain/schemas/catalog'
import { Button } from '../../../components/ui/button'
import { useHydrated } from '../../../lib/use-hydrated'
import { hasItem } from '../cart'
import { cartActions, useCartItems } from '../hooks/use-cart'

type Props = {
  productId: string
  variants: Variant[]
  inStock: boolean
  /** How to name a variant to a person. */
  label: (variant: Variant) => string
}

/** Variant choice and the Add to cart button. The cart keeps each product+variant once (SPEC §5). */
export function AddToCart({ productId, variants, inStock, label }: Props) {
  const hydrated = useHydrated()
  const items = useCartItems()
  const groupId = useId()
  const [variant, setVariant] = useState<string | null>(variants[0]?._id ?? null)
  const [message, setMessage] = useState<string | null>(null)
  const inCart = hasItem(items, productId, variant)

  function add() {
    if (inCart) {
      setMessage('This is already in your cart.')
      return
    }
    cartActions.add(productId, variant)
    setMessage('Added to your cart.')
  }

  return (
    <div className="add-to-cart">
      {variants.length > 0 && (
        <fieldset className="variant-picker">
          <legend id={groupId}>Choose an option</legend>
          {variants.map((option) => (
            <label key={option._id} className="variant-option">
              <input
                type="radio"
                name="variant"
                value={option._id}
                checked={variant === option._id}
                onChange={() => {
                  setVariant(option._id)
                  setMessage(null)
                }}
              />
              <span>{label(option)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {inStock ? (
        <Button onClick={add} disabled={!hydrated}>
          {inCart ? 'In your cart' : 'Add to cart'}
        </Button>
      ) : (
        <Button disabled>Out of stock</Button>
      )}
      <p className="add-to-cart-status" role="status">
        {message && (
          <>
            {message} <Link to="/checkout">Go to checkout</Link>
          </>
        )}
      </p>
    </div>
  )
}
