import type { Product } from '@shop/domain/schemas/catalog'

export type StockLine = { key: string; label: string; quantity: number | null; level: 'in-stock' | 'low' | 'sold-out' }

/**
 * A product's stock as the list shows it to staff: each variant (or the product itself) with its exact
 * quantity, null when not tracked, and its level as shoppers see it.
 */
export function stockLines(product: Pick<Product, 'variants' | 'availability' | 'stock'>): StockLine[] {
  const rows = new Map((product.stock ?? []).map((row) => [row.variant ?? '', row]))
  const quantity = (variant: string) => {
    const row = rows.get(variant)
    return row?.tracked ? row.quantity : null
  }
  if (product.variants.length === 0) return [{ key: '', label: '', quantity: quantity(''), level: product.availability.level }]
  return product.variants.map((variant) => ({
    key: variant._id,
    label: Object.values(variant.features).join(' / '),
    quantity: quantity(variant._id),
    level: variant.availability.level,
  }))
}

/** The badge of the whole product: low when any line is low or sold out while another is not, sold out when all are. */
export function stockBadge(lines: StockLine[]): 'low' | 'sold-out' | null {
  if (lines.every((line) => line.level === 'sold-out')) return 'sold-out'
  return lines.some((line) => line.level !== 'in-stock') ? 'low' : null
}
