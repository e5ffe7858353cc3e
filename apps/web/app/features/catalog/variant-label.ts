import type { Variant } from '../../types/api'

/** "Size: M · Colour: Blue" */
export function variantLabel(variant: Pick<Variant, 'features'>): string {
  return Object.entries(variant.features)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ')
}
