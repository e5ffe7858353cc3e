import { cardOffer, formatMoney, variantOffer, variantPricesDiffer } from '@shop/domain'
import type { Product } from '@shop/domain/schemas/catalog'
import { Button } from '../../../components/ui/button'

export const variantLabel = (features: Record<string, string>) => Object.values(features).join(' / ') || 'Standard'

/**
 * The products a staff search found, for a new order or an order edit: each with its price ("from" the
 * lowest when its variants sell at different prices) and an Add button per variant, each with the variant's
 * own price when they differ (decision 75).
 */
export function ProductsFound({ products, currency, onAdd }: { products: Product[]; currency: string; onAdd: (product: Product, variant: string | null) => void }) {
  return (
    <ul className="new-order-found" aria-label="Products found">
      {products.map((product) => {
        const card = cardOffer(product)
        const differ = variantPricesDiffer(product)
        return (
          <li key={product._id}>
            <span className="new-order-title">
              {product.title} · {card.from ? 'from ' : ''}
              {formatMoney(card.sellAt > 0 ? card.sellAt : card.price.value, currency)}
            </span>
            <span className="new-order-add">
              {product.variants.length === 0 ? (
                <Button variant="secondary" onClick={() => onAdd(product, null)} aria-label={`Add ${product.title}`}>
                  Add
                </Button>
              ) : (
                product.variants.map((variant) => (
                  <Button
                    key={variant._id}
                    variant="secondary"
                    onClick={() => onAdd(product, variant._id)}
                    aria-label={`Add ${product.title}, ${variantLabel(variant.features)}`}
                  >
                    {variantLabel(variant.features)}
                    {differ ? ` · ${formatMoney(variantOffer(product, variant._id).unitPrice, currency)}` : ''}
                  </Button>
                ))
              )}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
