import { NavLink } from 'react-router'
import { cartCount } from '../../../lib/cart/cart'
import { useCartItems } from '../../../lib/cart/use-cart'

/** The navbar's Checkout entry; its badge shows while the cart is not empty (docs/product.md §2). */
export function CheckoutLink() {
  const count = cartCount(useCartItems())
  return (
    <NavLink prefetch="intent" to="/checkout" className="nav-checkout">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.4 2H21l-2.7 8.1a2 2 0 0 1-1.9 1.4H8.1a2 2 0 0 1-2-1.6L4.1 4H2V2h3.7z"
        />
      </svg>
      <span>Checkout</span>
      {count > 0 && (
        <span className="badge">
          {count}
          <span className="visually-hidden"> {count === 1 ? 'item' : 'items'} in your cart</span>
        </span>
      )}
    </NavLink>
  )
}
