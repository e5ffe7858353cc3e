import { displayedPrice, toMajor, toMinor } from '@shop/domain'
import { formatMoney } from '../../../lib/money'
import type { AdminProduct } from '../types'

/** The price shoppers pay (the sale price when set), with the regular price struck through on sale. */
export function ProductPrice({ product }: { product: Pick<AdminProduct, 'price' | 'sellAt'> }) {
  const { price, sellAt } = product
  const shown = toMajor(displayedPrice(toMinor(price.value), toMinor(sellAt)))
  if (shown >= price.value) return <>{formatMoney(price.value, price.currency)}</>
  return (
    <>
      <span className="visually-hidden">Sale price </span>
      <strong className="price-sale">{formatMoney(shown, price.currency)}</strong>{' '}
      <s className="price-regular">
        <span className="visually-hidden">Regular price </span>
        {formatMoney(price.value, price.currency)}
      </s>
    </>
  )
}
