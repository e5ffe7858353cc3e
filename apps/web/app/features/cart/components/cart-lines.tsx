import { toMajor } from '@shop/domain'
import { Link } from 'react-router'
import type { Variant } from '@shop/domain/schemas/catalog'
import { ProductImage } from '../../../components/product-image'
import { formatMoney } from '../../../lib/money'
import type { CartLine } from '../hooks/use-cart-lines'
import { cartActions } from '../hooks/use-cart'
import { lineKey } from '../cart'
import { QuantityInput } from './quantity-input'

type Props = {
  lines: CartLine[]
  currency: string
  label: (variant: Variant) => string
  /** Lines the last order attempt refused (lineKey → message), e.g. not enough stock. */
  problems?: Map<string, string>
}

/** The cart's lines: picture, name, option, price, count change and remove (SPEC §4). */
export function CartLines({ lines, currency, label, problems }: Props) {
  return (
    <ul className="cart-lines">
      {lines.map(({ item, product, variant, unavailable, unitPriceMinor }) => {
        const title = product?.title ?? 'A product'
        const problem = unavailable ? 'No longer available: please remove it.' : problems?.get(lineKey(item))
        return (
          <li key={`${item.product}/${item.variant ?? ''}`} className={problem ? 'cart-line cart-line-problem' : 'cart-line'}>
            <ProductImage image={product?.images[0]} alt="" />
            <div className="cart-line-info">
              <p className="cart-line-title">
                {product ? <Link to={`/products/${product._id}`}>{title}</Link> : <span>{title}</span>}
              </p>
              {variant && <p className="cart-line-variant">{label(variant)}</p>}
              {product && (
                <p className="cart-line-price">
                  {formatMoney(toMajor(unitPriceMinor), product.price.currency)} each
                  {!product.inStock && <span className="tag tag-out">Out of stock</span>}
                </p>
              )}
              {problem && (
                <p className="field-error" role="alert">
                  {problem}
                </p>
              )}
            </div>
            <div className="cart-line-actions">
              <QuantityInput
                value={item.count}
                label={`Quantity of ${title}`}
                onChange={(count) => cartActions.setCount(item.product, item.variant, count)}
              />
              <p className="cart-line-total">
                <span className="visually-hidden">Line total: </span>
                {formatMoney(toMajor(unitPriceMinor * item.count), product?.price.currency ?? currency)}
              </p>
              <button
                type="button"
                className="link-button"
                onClick={() => cartActions.remove(item.product, item.variant)}
                aria-label={`Remove ${title}${variant ? ` (${label(variant)})` : ''}`}
              >
                Remove
              </button>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
