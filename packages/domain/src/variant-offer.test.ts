import { describe, expect, it } from 'vitest'
import { cardOffer, variantOffer, variantPricesDiffer } from './variant-offer'

const image = (url: string) => ({ url, thumbnail: url, alt: '' })
const product = {
  price: { value: 120, currency: 'GHS' },
  sellAt: 100,
  images: [image('/p.jpg')],
  variants: [
    { _id: 's', features: { Size: 'S' } },
    { _id: 'l', features: { Size: 'L' }, price: { value: 150, currency: 'GHS' }, sku: 'KS-L', image: image('/l.jpg') },
    { _id: 'm', features: { Size: 'M' }, sellAt: 90 },
  ],
}

describe('variantOffer', () => {
  it('gives the product its own price, sale price and first picture', () => {
    expect(variantOffer(product)).toEqual({ price: { value: 120, currency: 'GHS' }, sellAt: 100, unitPrice: 100, sku: null, image: image('/p.jpg') })
  })

  it('falls back to the product for a variant without its own fields', () => {
    expect(variantOffer(product, 's')).toMatchObject({ price: { value: 120 }, sellAt: 100, unitPrice: 100, sku: null, image: image('/p.jpg') })
  })

  it('uses a variant price without the product sale price, and its SKU and picture', () => {
    expect(variantOffer(product, 'l')).toEqual({ price: { value: 150, currency: 'GHS' }, sellAt: 0, unitPrice: 150, sku: 'KS-L', image: image('/l.jpg') })
  })

  it('takes a variant sale price over the product one', () => {
    expect(variantOffer(product, 'm')).toMatchObject({ sellAt: 90, unitPrice: 90 })
  })

  it('treats an unknown variant as the product', () => {
    expect(variantOffer(product, 'zz').unitPrice).toBe(100)
  })

  it('tells whether variants sell at different prices', () => {
    expect(variantPricesDiffer(product)).toBe(true)
    expect(variantPricesDiffer({ ...product, variants: product.variants.slice(0, 1) })).toBe(false)
  })
})

describe('cardOffer', () => {
  it('shows the cheapest variant "from" when the variants sell at different prices, its sale as it is', () => {
    // S sells at the product's sale price (100), M at its own sale price (90), L at 150.
    expect(cardOffer(product)).toEqual({ price: { value: 120, currency: 'GHS' }, sellAt: 90, from: true })
    const own = { ...product, sellAt: 0, variants: [product.variants[1]!, { _id: 'xl', features: { Size: 'XL' }, price: { value: 45, currency: 'GHS' } }] }
    expect(cardOffer(own)).toEqual({ price: { value: 45, currency: 'GHS' }, sellAt: 0, from: true })
  })

  it('shows one price without "from" when every variant sells at it, or without variants', () => {
    expect(cardOffer({ ...product, variants: [] })).toEqual({ price: { value: 120, currency: 'GHS' }, sellAt: 100, from: false })
    expect(cardOffer({ ...product, variants: product.variants.slice(0, 1) })).toEqual({ price: { value: 120, currency: 'GHS' }, sellAt: 100, from: false })
    // Every variant at its own 150: the card says 150, not the product's 120.
    const same = { ...product, variants: [product.variants[1]!, { ...product.variants[1]!, _id: 'xl' }] }
    expect(cardOffer(same)).toEqual({ price: { value: 150, currency: 'GHS' }, sellAt: 0, from: false })
  })
})
