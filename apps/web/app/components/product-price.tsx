import { displayedPrice, toMajor, toMinor } from '@shop/domain'
import type { Money } from '@shop/domain/schemas/wire'
import { formatMoney } from '../lib/money'

/**
 * docs/product.md §9 displayed price (the sale price when set), with the regular price struck through on sale; `from`
 * says it is the lowest of a product's variant prices ("from GHS 45.00", decision 95).
 */
export function ProductPrice({ price, sellAt, className, from = false }: { price: Money; sellAt: number; className?: string; from?: boolean }) {
  const shown = toMajor(displayedPrice(toMinor(price.value), toMinor(sellAt)))
  const onSale = shown < price.value
  return (
    <p className={['price', className].filter(Boolean).join(' ')}>
      {from && <span className="price-from">from </span>}
      {onSale ? (
        <>
          <span className="visually-hidden">Sale price </span>
          <strong className="price-sale">{formatMoney(shown, price.currency)}</strong>{' '}
          <s className="price-regular">
            <span className="visually-hidden">Regular price </span>
            {formatMoney(price.value, price.currency)}
          </s>
        </>
      ) : (
        <strong>{formatMoney(shown, price.currency)}</strong>
      )}
    </p>
  )
}
