import { Link } from 'react-router'
import { productPath } from '@shop/domain'
import type { OrderLine } from '@shop/domain/schemas/orders'
import { formatMoney } from '../lib/money'
import { PICTURE_SIZES, ProductImage } from './product-image'

function features(line: OrderLine): string | null {
  if (!line.variant) return null
  return Object.entries(line.variant.features)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ')
}

/** The priced lines of a checkout or an order, at the prices the server charged. */
export function OrderLines({ lines, currency }: { lines: OrderLine[]; currency: string }) {
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={`${line.product._id}/${line.variant?._id ?? ''}`} className="order-line">
          <ProductImage image={line.product.images[0]} alt="" sizes={PICTURE_SIZES.line} />
          <div>
            <p className="order-line-title">
              <Link to={productPath(line.product)}>{line.product.title}</Link>
            </p>
            {features(line) && <p className="order-line-variant">{features(line)}</p>}
            <p className="order-line-count">
              {line.count} × {formatMoney(line.unitPrice, currency)}
            </p>
          </div>
          <p className="order-line-total">{formatMoney(line.unitPrice * line.count, currency)}</p>
        </li>
      ))}
    </ul>
  )
}
