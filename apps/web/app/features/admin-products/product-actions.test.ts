import { describe, expect, it } from 'vitest'
import type { InventoryRow, Product } from '@shop/domain/schemas/catalog'
import { parseSubmission } from '../../lib/submission'
import { productPageIntents } from './product-actions'
import { emptyProductForm, productToForm, validateProductForm, withQuantity } from './product-form'

const post = (body: unknown) => new Request('http://demo.shop.test/admin/products/new', { method: 'POST', body: JSON.stringify(body) })
/** A submission as the browser sends it: through JSON, as `jsonSubmit` does. */
const sent = (body: unknown) => parseSubmission(post(body), productPageIntents)

const product: Product = {
  _id: '7d0b8f3e-4b1a-4c2d-9e8f-0a1b2c3d4e5f',
  shop: '5f0c2a1e-1111-4222-8333-444455556666',
  title: 'Kente shirt',
  description: 'Woven',
  price: { value: 120, currency: 'GHS' },
  sellAt: 0,
  // A stored image carries its sizes, which the form keeps but never sends on.
  images: [{ url: '/uploads/a/one.png', thumbnail: '/uploads/a/one-thumb.webp', alt: 'Front', width: 800, height: 600, variants: [{ width: 400, avif: '/uploads/a/one-400.avif', webp: '/uploads/a/one-400.webp' }] }],
  variants: [{ _id: 'v-s', features: { Size: 'S' }, price: { value: 130, currency: 'GHS' }, sku: 'KS-S', image: { url: '/uploads/a/one.png', thumbnail: '/uploads/a/one-thumb.webp', alt: 'Front' }, availability: { level: 'in-stock' } }],
  categories: ['0b6c7a36-8f7e-4a55-9d2c-2f6a3f0b9a11'],
  available: true,
  inStock: true,
  availability: { level: 'in-stock' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

describe('the product pages’ intents', () => {
  it('take the form as the new-product and edit-product pages hold it', async () => {
    const fresh = emptyProductForm('GHS')
    expect(await sent({ intent: 'save', values: fresh, previous: null })).toEqual({ intent: 'save', ok: true, value: { values: fresh, previous: null } })
    const loaded = productToForm(product, [{ _id: 'row-s', product: product._id, variant: 'v-s', quantity: 4, tracked: true, updatedAt: product.updatedAt } satisfies InventoryRow], 'GHS')
    const edited = { ...loaded, variants: loaded.variants.map((variant) => ({ ...variant, stock: withQuantity(variant.stock, '3') })) }
    expect(await sent({ intent: 'save', values: edited, previous: loaded })).toMatchObject({ intent: 'save', ok: true, value: { values: edited, previous: loaded } })
  })

  it('leave a negative price to the product’s rules, which name the price field', async () => {
    const values = { ...emptyProductForm('GHS'), title: 'Basket', price: '-5' }
    const submission = await sent({ intent: 'save', values, previous: null })
    expect(submission.ok).toBe(true)
    expect(validateProductForm(values)).toEqual({ 'price.value': 'Must be at least 0' })
  })

  it('refuse a malformed form at its fields, before anything is written', async () => {
    expect(await sent({ intent: 'save', values: { ...emptyProductForm('GHS'), price: 12 }, previous: null })).toEqual({
      intent: 'save',
      ok: false,
      errors: { 'values.price': 'This value is not valid' },
    })
    expect(await sent({ intent: 'delete', id: product._id })).toMatchObject({ intent: 'delete', ok: false })
  })

  it('hold a new category’s name to the domain’s rule and a deleted one to an id', async () => {
    expect(await sent({ intent: 'create-category', name: 'Bags' })).toEqual({ intent: 'create-category', ok: true, value: { name: 'Bags' } })
    expect(await sent({ intent: 'create-category', name: '   ' })).toEqual({ intent: 'create-category', ok: false, errors: { name: 'Use some text' } })
    expect(await sent({ intent: 'create-category', name: 'x'.repeat(101) })).toEqual({ intent: 'create-category', ok: false, errors: { name: 'Use at most 100 characters' } })
    expect(await sent({ intent: 'delete-category', id: 'bags' })).toMatchObject({ intent: 'delete-category', ok: false, errors: { id: expect.any(String) } })
  })
})
