import type { Variant } from '@shop/domain/schemas/catalog'

/** "Size: M · Colour: Blue" */
export function variantLabel(variant: Pick<Variant, 'features'>): string {
  return Object.entries(variant.features)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ')
}
