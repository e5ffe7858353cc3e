import { productPath, toMajor } from '@shop/domain'
import { Link } from 'react-router'
import type { Variant } from '@shop/domain/schemas/catalog'
import { PICTURE_SIZES, ProductImage } from '../../../components/product-image'
import { formatMoney } from '../../../lib/money'
import { useHydrated } from '../../../lib/use-hydrated'
import { stockText } from '../../../lib/stock-text'
import type { CartLine } from '../../../lib/cart/use-cart-lines'
import { cartActions } from '../../../lib/cart/use-cart'
import type { LineStock } from '../hooks/use-stock-check'
import { lineCap, lineKey } from '../../../lib/cart/cart'
import { lineAvailability, stockProblem } from '../line-stock'
import { QuantityInput } from './quantity-input'

type Props = {
  lines: CartLine[]
  currency: string
  label: (variant: Variant) => string
  /** Lines the last order attempt refused (lineKey → message), e.g. not enough stock. */
  problems?: Map<string, string>
  /** The latest stock check of the lines (lineKey → answer). */
  stock?: Map<string, LineStock>
  /** The most of one item the shop sells in one order (decision 52). */
  most: number
}

export function CartLines({ lines, currency, label, problems, stock, most }: Props) {
  // Lines rendered from the cart's cookie copy show before the page's scripts run, when a change would go
  // nowhere: their controls wait for the scripts.
  const hydrated = useHydrated()
  return (
    <ul className="cart-lines">
      {lines.map((line) => {
        const { item, product, variant, unavailable, unitPriceMinor } = line
        const title = product?.title ?? 'A product'
        const checked = stock?.get(lineKey(item))
        const shortage = unavailable ? null : stockProblem(line, checked, most)
        const problem = unavailable ? 'No longer available: please remove it.' : (shortage?.message ?? problems?.get(lineKey(item)))
        const availability = lineAvailability(line)
        const cap = Math.max(item.count, lineCap(availability, { most, checkedLeft: checked && !checked.enough ? checked.availability.left : undefined }))
        return (
          <li key={`${item.product}/${item.variant ?? ''}`} className={problem ? 'cart-line cart-line-problem' : 'cart-line'}>
            <ProductImage image={variant?.image ?? product?.images[0]} alt="" sizes={PICTURE_SIZES.line} />
            <div className="cart-line-info">
              <p className="cart-line-title">
                {product ? <Link to={productPath(product)}>{title}</Link> : <span>{title}</span>}
              </p>
              {variant && <p className="cart-line-variant">{label(variant)}</p>}
              {product && (
                <p className="cart-line-price">
                  {formatMoney(toMajor(unitPriceMinor), product.price.currency)} each
                  {availability && availability.level !== 'in-stock' && (
                    <span className={availability.level === 'sold-out' ? 'tag tag-out' : 'tag tag-low'}>{stockText(availability)}</span>
                  )}
                </p>
              )}
              {problem && (
                <p className="field-error" role="alert">
                  {problem}{' '}
                  {shortage?.fix !== undefined && (
                    <button type="button" className="link-button" onClick={() => cartActions.setCount(item.product, item.variant, shortage.fix!)}>
                      Change to {shortage.fix}
                    </button>
                  )}
                </p>
              )}
            </div>
            <div className="cart-line-actions">
              <QuantityInput
                value={item.count}
                // A line already above what is left, or above the shop's most, may only come down.
                max={cap}
                label={`Quantity of ${title}`}
                onChange={(count) => cartActions.setCount(item.product, item.variant, count)}
                disabled={!hydrated}
              />
              <p className="cart-line-total">
                <span className="visually-hidden">Line total: </span>
                {formatMoney(toMajor(unitPriceMinor * item.count), product?.price.currency ?? currency)}
              </p>
              <button
                type="button"
                className="link-button"
                onClick={() => cartActions.remove(item.product, item.variant)}
                disabled={!hydrated}
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
