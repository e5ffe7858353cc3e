import { displayedPrice, toMajor, toMinor } from '@shop/domain'
import type { Money } from '@shop/domain/schemas/wire'
import { formatMoney } from '../lib/money'

/** SPEC §9 displayed price (the sale price when set), with the regular price struck through on sale. */
export function ProductPrice({ price, sellAt, className }: { price: Money; sellAt: number; className?: string }) {
  const shown = toMajor(displayedPrice(toMinor(price.value), toMinor(sellAt)))
  const onSale = shown < price.value
  return (
    <p className={['price', className].filter(Boolean).join(' ')}>
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
