import { type FormEvent, useId, useRef, useState } from 'react'
import { Link, useActionData } from 'react-router'
import type { Availability } from '@shop/domain'
import type { ProductVariant, Variant } from '@shop/domain/schemas/catalog'
import { Button } from '../../../components/ui/button'
import { useChooseVariant } from '../../../components/chosen-variant'
import { stockText } from '../../../lib/stock-text'
import { hasItem, lineCap } from '../../../lib/cart/cart'
import { cartActions, useCartItems } from '../../../lib/cart/use-cart'
import { formValues, useTypedBeforeScripts } from '../../../lib/typed-before-scripts'
import type { AddToCartAnswer } from '../../../lib/cart/add-to-cart-form.server'
import { QuantityInput } from './quantity-input'

type Props = {
  productId: string
  variants: ProductVariant[]
  /** The product's own availability (without variants). */
  availability: Availability
  /** How to name a variant to a person. */
  label: (variant: Variant) => string
  /** The most of one item the shop sells in one order (decision 52). */
  most: number
}

/**
 * Variant choice with each variant's stock, a quantity capped at what is left and at the shop's most per
 * order, and Add to cart. A sold-out variant stays choosable, marked, but cannot be added. The cart keeps
 * each product+variant once (docs/product.md §5). It is a form that works before the page's scripts run: it posts to
 * the product route's action, which adds to the cart's cookie copy (decision 87); once they run, it adds here.
 */
export function AddToCart({ productId, variants, availability, label, most }: Props) {
  const answer = useActionData() as AddToCartAnswer | undefined
  const items = useCartItems()
  const groupId = useId()
  const stockId = useId()
  const firstInStock = variants.find((option) => option.availability.level !== 'sold-out') ?? variants[0]
  const [variant, setVariant] = useState<string | null>(firstInStock?._id ?? null)
  const [count, setCount] = useState(1)
  const [message, setMessage] = useState<string | null>(null)
  const announce = useChooseVariant()
  const chosen = variants.find((option) => option._id === variant)
  const stock = chosen ? chosen.availability : availability
  const soldOut = stock.level === 'sold-out'
  const cap = lineCap(stock, { most })
  const inCart = hasItem(items, productId, variant)
  // A variant picked or a quantity typed before the page's scripts ran is in the form, not yet in the state:
  // it is adopted once they run, and Add to cart reads the form too, in case it is tapped before that render.
  const form = useRef<HTMLFormElement>(null)
  function inForm(value: (name: string) => string | null) {
    const picked = variants.find((option) => option._id === value('variant')) ?? chosen
    const typed = Number(value('count'))
    const pickedCap = lineCap(picked?.availability ?? availability, { most })
    return { picked, count: Math.min(Number.isInteger(typed) && typed >= 1 ? typed : count, pickedCap) }
  }
  useTypedBeforeScripts(form, (value) => {
    const shown = inForm(value)
    const differs = shown.picked?._id !== chosen?._id || shown.count !== Math.min(count, cap)
    if (shown.picked && shown.picked._id !== variant) {
      setVariant(shown.picked._id)
      announce(shown.picked._id)
    }
    setCount(shown.count)
    return differs
  })

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const shown = inForm(formValues(event.currentTarget) ?? (() => null))
    const picked = shown.picked?._id ?? null
    if ((shown.picked?.availability ?? availability).level === 'sold-out') return
    if (hasItem(items, productId, picked)) {
      setMessage('This is already in your cart.')
      return
    }
    cartActions.add(productId, picked, shown.count)
    setMessage('Added to your cart.')
  }

  const posted = answer === undefined ? null : 'problem' in answer ? answer.problem : ANSWERS[answer.cart]
  const shown = message ?? posted

  return (
    <form ref={form} className="add-to-cart" method="post" onSubmit={add}>
      <input type="hidden" name="intent" value="add" />
      {variants.length > 0 && (
        <fieldset className="variant-picker">
          <legend id={groupId}>Choose an option</legend>
          {variants.map((option) => (
            <label key={option._id} className={option.availability.level === 'sold-out' ? 'variant-option variant-sold-out' : 'variant-option'}>
              <input
                type="radio"
                name="variant"
                value={option._id}
                checked={variant === option._id}
                onChange={() => {
                  setVariant(option._id)
                  announce(option._id)
                  setCount((current) => Math.min(current, lineCap(option.availability, { most })))
                  setMessage(null)
                }}
              />
              <span>{label(option)}</span>
              {option.availability.level !== 'in-stock' && <span className="variant-stock">{stockText(option.availability)}</span>}
            </label>
          ))}
        </fieldset>
      )}
      <p id={stockId} className={soldOut ? 'stock stock-out' : stock.level === 'low' ? 'stock stock-low' : 'stock stock-in'}>
        {stockText(stock)}
      </p>
      {!soldOut && (
        <div className="add-to-cart-quantity">
          <span className="add-to-cart-quantity-label">Quantity</span>
          <QuantityInput value={Math.min(count, cap)} max={cap} label="Quantity to add" onChange={setCount} name="count" />
        </div>
      )}
      {!soldOut && cap === most && count >= most && <p className="hint">At most {most} of one item per order.</p>}
      {soldOut ? (
        <Button disabled aria-describedby={stockId}>
          Sold out
        </Button>
      ) : (
        <Button type="submit">
          {inCart ? 'In your cart' : 'Add to cart'}
        </Button>
      )}
      <p className="add-to-cart-status" role="status">
        {shown && (
          <>
            {shown}{' '}
            {(message !== null || (answer !== undefined && !('problem' in answer))) && <Link prefetch="intent" to="/checkout">Go to checkout</Link>}
          </>
        )}
      </p>
    </form>
  )
}

const ANSWERS = {
  added: 'Added to your cart.',
  already: 'This is already in your cart.',
  full: 'Your cart is full: remove something first.',
} as const
