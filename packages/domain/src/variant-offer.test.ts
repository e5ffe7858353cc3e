import { describe, expect, it } from 'vitest'
import { variantOffer, variantPricesDiffer } from './variant-offer'

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
