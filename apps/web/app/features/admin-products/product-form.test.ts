import { describe, expect, it } from 'vitest'
import type { InventoryRow, Product } from '@shop/domain/schemas/catalog'
import {
  type ProductFormValues,
  addFeature,
  emptyProductForm,
  formErrorKey,
  insertInChosenOrder,
  inventoryUpdates,
  moveItem,
  newVariant,
  productToForm,
  removeFeature,
  toFormErrors,
  toProductBody,
  updateFeature,
  validateProductForm,
  variantsFromOptions,
  withQuantity,
  withSavedIds,
} from './product-form'

const productId = '7d0b8f3e-4b1a-4c2d-9e8f-0a1b2c3d4e5f'
const category = '0b6c7a36-8f7e-4a55-9d2c-2f6a3f0b9a11'

const product: Product = {
  _id: productId,
  shop: '5f0c2a1e-1111-4222-8333-444455556666',
  title: 'Kente shirt',
  description: 'Woven',
  price: { value: 120, currency: 'GHS' },
  sellAt: 99.5,
  images: [
    { url: '/uploads/a/one.png', thumbnail: '/uploads/a/one-thumb.webp', alt: 'Front' },
    { url: '/uploads/a/two.png', thumbnail: '/uploads/a/two-thumb.webp', alt: '' },
  ],
  variants: [
    { _id: 'v-s', features: { Size: 'S', Colour: 'Red' }, availability: { level: 'in-stock' } },
    { _id: 'v-m', features: { Size: 'M', Colour: 'Red' }, availability: { level: 'low', left: 1 } },
  ],
  categories: [category],
  available: false,
  inStock: true,
  availability: { level: 'in-stock' },
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
}

const row = (variant: string | null, quantity: number, tracked = true): InventoryRow => ({
  _id: `row-${variant}`,
  product: productId,
  variant,
  quantity,
  tracked,
  updatedAt: '2024-01-01T00:00:00.000Z',
})

function filled(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return { ...emptyProductForm('GHS'), title: 'Shirt', price: '25.50', ...overrides }
}

/** A variant draft without a price, sale price, SKU or picture of its own. */
const ownOffer = { price: '', sellAt: '', sku: '', image: null }

describe('the product form → the product body', () => {
  it('starts empty in the shop currency, not on sale, available, its stock not counted', () => {
    expect(emptyProductForm('NGN')).toMatchObject({
      title: '',
      price: '',
      currency: 'NGN',
      sellAt: '0',
      available: true,
      variants: [],
      stock: { tracked: false, quantity: '' },
    })
  })

  it('sends every field, amounts as numbers, features as one object per variant', () => {
    const values = filled({
      title: '  Shirt  ',
      sellAt: '',
      images: [{ key: 'i', url: '/uploads/a/one.png', thumbnail: '/uploads/a/t.webp', alt: ' Front ' }],
      variants: [
        {
          key: 'v',
          features: [
            { key: 'f1', name: 'Size ', value: ' M' },
            { key: 'f2', name: 'Colour', value: 'Red' },
          ],
          ...ownOffer,
          stock: { tracked: true, quantity: '3' },
        },
      ],
      categories: [category],
    })
    expect(toProductBody(values)).toEqual({
      title: 'Shirt',
      description: '',
      price: { value: 25.5, currency: 'GHS' },
      sellAt: 0,
      images: [{ url: '/uploads/a/one.png', thumbnail: '/uploads/a/t.webp', alt: 'Front' }],
      variants: [{ features: { Size: 'M', Colour: 'Red' } }],
      categories: [category],
      available: true,
    })
    expect(validateProductForm(values)).toEqual({})
  })

  it('reads a product and its stock back into the form, and sends it unchanged', () => {
    const values = productToForm(product, [row('v-s', 4), row('v-m', 0, false)], 'GHS')
    expect(values.variants.map((variant) => variant.stock)).toEqual([
      { tracked: true, quantity: '4' },
      { tracked: false, quantity: '0' },
    ])
    expect(values.variants[0]!.features.map(({ name, value }) => [name, value])).toEqual([
      ['Size', 'S'],
      ['Colour', 'Red'],
    ])
    const { title, description, price, sellAt, images, categories, available } = product
    const variants = product.variants.map(({ _id, features }) => ({ _id, features }))
    expect(toProductBody(values)).toEqual({ title, description, price, sellAt, images, variants, categories, available })
  })

  it('prices a product stored in another currency in the shop\'s, the only one checkout sells in', () => {
    const values = productToForm({ ...product, price: { value: 120, currency: 'USD' } }, [], 'GHS')
    expect(values.currency).toBe('GHS')
    expect(toProductBody(values).price).toEqual({ value: 120, currency: 'GHS' })
  })

  it('shows a variant or product without a stock row as not counted', () => {
    expect(productToForm(product, [], 'GHS').variants[0]!.stock).toEqual({ tracked: false, quantity: '' })
    expect(productToForm({ ...product, variants: [] }, [row(null, 7)], 'GHS').stock).toEqual({ tracked: true, quantity: '7' })
  })
})

describe('validation at the field', () => {
  it('names the fields the schema refuses', () => {
    const errors = validateProductForm(filled({ title: '   ', price: 'abc', sellAt: '-1' }))
    expect(errors).toEqual({
      title: 'This field is required',
      'price.value': 'Enter a number',
      sellAt: 'Must be at least 0',
    })
  })

  it('refuses a sale price at or above the price; 0 or blank means not on sale', () => {
    const message = { sellAt: 'The sale price must be below the price' }
    expect(validateProductForm(filled({ price: '25.50', sellAt: '25.50' }))).toEqual(message)
    expect(validateProductForm(filled({ price: '25.50', sellAt: '30' }))).toEqual(message)
    expect(validateProductForm(filled({ price: '25.50', sellAt: '25.49' }))).toEqual({})
    expect(validateProductForm(filled({ price: '25.50', sellAt: '0' }))).toEqual({})
    expect(validateProductForm(filled({ price: '25.50', sellAt: '' }))).toEqual({})
    // A bad price gets its own message; the sale price is not compared with it.
    expect(validateProductForm(filled({ price: 'abc', sellAt: '5' }))).toEqual({ 'price.value': 'Enter a number' })
  })

  it('refuses amounts with more than 2 decimals and stock that is not a whole number', () => {
    expect(validateProductForm(filled({ price: '1.005', stock: { tracked: true, quantity: '2.5' } }))).toEqual({
      'price.value': 'Use at most 2 decimals',
      'stock.quantity': 'Enter a whole number',
    })
    expect(validateProductForm(filled({ stock: { tracked: false, quantity: '' } }))).toEqual({})
  })

  it('checks feature rows: blank and repeated names, blank values, a variant without features', () => {
    const values = filled({
      variants: [
        {
          key: 'a',
          features: [
            { key: 'a1', name: 'Size', value: 'M' },
            { key: 'a2', name: 'size', value: '' },
            { key: 'a3', name: ' ', value: 'Red' },
          ],
          ...ownOffer,
          stock: { tracked: true, quantity: '-1' },
        },
        { key: 'b', features: [], ...ownOffer, stock: { tracked: true, quantity: '1' } },
      ],
    })
    expect(validateProductForm(values)).toEqual({
      'variants.0.features.1.name': 'Use each name once in a variant',
      'variants.0.features.1.value': 'Enter a value, such as M',
      'variants.0.features.2.name': 'Enter a name, such as Size',
      'variants.0.stock.quantity': 'Must be at least 0',
      'variants.1.features': 'Add at least one',
    })
  })

  it('puts an API error about a feature at its row, and one about the variant at the variant', () => {
    const values = filled({ variants: [newVariant([])] })
    values.variants[0] = updateFeature(values.variants[0]!, values.variants[0]!.features[0]!.key, { name: 'Size', value: 'M' })
    expect(formErrorKey(values, 'variants.0.features.Size')).toBe('variants.0.features.0.value')
    expect(formErrorKey(values, 'variants.0.features.Colour')).toBe('variants.0.features')
    expect(formErrorKey(values, 'title')).toBe('title')
    expect(toFormErrors(values, { 'variants.0.features': 'are the same as another variant\'s' })).toEqual({
      'variants.0.features': 'are the same as another variant\'s',
    })
    expect(
      toFormErrors(values, { 'variants.0.features': 'This value is not valid', 'variants.0.features.Size': 'Use at most 100 characters' }),
    ).toEqual({ 'variants.0.features.0.value': 'Use at most 100 characters' })
  })

  it('shows an API error about one category (deleted meanwhile) at the category picker', () => {
    const values = filled({ categories: [category, productId] })
    expect(formErrorKey(values, 'categories.1')).toBe('categories')
    expect(toFormErrors(values, { 'categories.1': 'Is not a category of this shop' })).toEqual({
      categories: 'Is not a category of this shop',
    })
  })
})

describe('editing features and images', () => {
  it('adds, changes and removes features of one variant', () => {
    let variant = newVariant([])
    expect(variant.features).toHaveLength(1)
    variant = addFeature(variant)
    const [size, colour] = variant.features
    variant = updateFeature(variant, size!.key, { name: 'Size', value: 'L' })
    variant = updateFeature(variant, colour!.key, { name: 'Colour' })
    variant = updateFeature(variant, colour!.key, { value: 'Blue' })
    expect(variant.features.map(({ name, value }) => ({ name, value }))).toEqual([
      { name: 'Size', value: 'L' },
      { name: 'Colour', value: 'Blue' },
    ])
    variant = removeFeature(variant, size!.key)
    expect(variant.features.map((feature) => feature.name)).toEqual(['Colour'])
  })

  it('starts a new variant with the names of the last one and its own keys', () => {
    const first = productToForm(product, [], 'GHS').variants[1]!
    const next = newVariant([first])
    expect(next.features.map(({ name, value }) => [name, value])).toEqual([
      ['Size', ''],
      ['Colour', ''],
    ])
    expect(next._id).toBeUndefined()
    expect(next.stock).toEqual({ tracked: false, quantity: '' })
    const keys = [next.key, ...next.features.map((feature) => feature.key), first.key, ...first.features.map((f) => f.key)]
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('moves an image up and down, staying inside the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b'])
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c'])
    const images = productToForm(product, [], 'GHS').images
    expect(toProductBody({ ...filled(), images: moveItem(images, 1, 0) }).images.map((image) => image.url)).toEqual([
      '/uploads/a/two.png',
      '/uploads/a/one.png',
    ])
  })
})

describe('inventory rows per variant', () => {
  const saved = { _id: productId, variants: [{ _id: 'v-s', features: {} }, { _id: 'v-new', features: {} }] }

  it('sets one row for a new product without variants, and one per variant otherwise', () => {
    expect(inventoryUpdates(filled({ stock: { tracked: true, quantity: '5' } }), { _id: productId, variants: [] }, null)).toEqual([
      { product: productId, variant: null, quantity: 5, tracked: true },
    ])
    const values = filled({
      variants: [
        { ...newVariant([]), stock: { tracked: true, quantity: '2' } },
        { ...newVariant([]), stock: { tracked: false, quantity: '' } },
      ],
    })
    expect(inventoryUpdates(values, saved, null)).toEqual([
      { product: productId, variant: 'v-s', quantity: 2, tracked: true },
      { product: productId, variant: 'v-new', quantity: 0, tracked: false },
    ])
  })

  it('on edit sends only new and changed rows, matched to the saved variants in order', () => {
    const loaded = productToForm(product, [row('v-s', 4), row('v-m', 1)], 'GHS')
    const values: ProductFormValues = {
      ...loaded,
      variants: [loaded.variants[0]!, { ...newVariant(loaded.variants), stock: { tracked: true, quantity: '9' } }],
    }
    expect(inventoryUpdates(values, saved, loaded)).toEqual([{ product: productId, variant: 'v-new', quantity: 9, tracked: true }])
    const changed = { ...values, variants: [{ ...values.variants[0]!, stock: { tracked: true, quantity: '3' } }] }
    expect(inventoryUpdates(changed, saved, loaded)).toEqual([{ product: productId, variant: 'v-s', quantity: 3, tracked: true }])
    expect(inventoryUpdates(loaded, { _id: productId, variants: product.variants }, loaded)).toEqual([])
  })

  it('sets the product row again when the last variant goes', () => {
    const loaded = productToForm(product, [row('v-s', 4)], 'GHS')
    expect(inventoryUpdates({ ...loaded, variants: [] }, { _id: productId, variants: [] }, loaded)).toEqual([
      { product: productId, variant: null, quantity: 0, tracked: false },
    ])
  })

  it('keeps the ids the API gave new variants, so the next save matches them', () => {
    const values = filled({ variants: [newVariant([])] })
    const next = withSavedIds(values, { variants: [{ _id: 'v-new', features: {} }], images: [] })
    expect(next.variants[0]!._id).toBe('v-new')
    expect(next.variants[0]!.key).toBe(values.variants[0]!.key)
    expect(inventoryUpdates(next, { _id: productId, variants: [{ _id: 'v-new', features: {} }] }, next)).toEqual([])
  })
})

describe('insertInChosenOrder', () => {
  const image = (key: string) => ({ key })
  it('keeps uploads in the order the files were chosen, whatever order they finish in', () => {
    const order = ['a', 'b', 'c']
    let list = [image('old')]
    list = insertInChosenOrder(list, image('c'), order)
    list = insertInChosenOrder(list, image('a'), order)
    list = insertInChosenOrder(list, image('b'), order)
    expect(list.map((item) => item.key)).toEqual(['old', 'a', 'b', 'c'])
  })
})

describe('variants that sell: options, own prices and stock that starts not counted', () => {
  const picture = { url: '/uploads/a/l.webp', thumbnail: '/uploads/a/l-t.webp', alt: 'Large' }

  it('makes every combination of the options, keeping a variant the form has with the same features', () => {
    const [small] = variantsFromOptions([{ name: 'Size', values: ['S'] }], [])
    const kept = { ...small!, _id: 'v-s', price: '130', stock: { tracked: true, quantity: '4' } }
    const made = variantsFromOptions(
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red'] },
      ],
      [{ ...kept, features: [...kept.features, { key: 'c', name: 'Colour', value: 'Red' }] }],
    )
    expect(made.map((variant) => variant.features.map(({ name, value }) => `${name}: ${value}`).join(', '))).toEqual(['Size: S, Colour: Red', 'Size: M, Colour: Red'])
    expect(made[0]).toMatchObject({ _id: 'v-s', price: '130', stock: { tracked: true, quantity: '4' } })
    expect(made[1]).toMatchObject({ price: '', sellAt: '', sku: '', image: null, stock: { tracked: false, quantity: '' } })
    expect(made[1]!._id).toBeUndefined()
  })

  it('counts stock once a quantity is entered, and an untouched new product is sent in stock, not sold out', () => {
    expect(withQuantity({ tracked: false, quantity: '' }, '5')).toEqual({ tracked: true, quantity: '5' })
    expect(withQuantity({ tracked: false, quantity: '5' }, '')).toEqual({ tracked: false, quantity: '' })
    expect(withQuantity({ tracked: true, quantity: '5' }, '')).toEqual({ tracked: true, quantity: '' })
    expect(inventoryUpdates(filled(), { _id: 'p', variants: [] }, null)).toEqual([{ product: 'p', variant: null, quantity: 0, tracked: false }])
  })

  it('sends a variant\'s own price, sale price, SKU and picture; blank ones are left out', () => {
    const values = filled({
      variants: [
        { key: 'a', features: [{ key: 'f', name: 'Size', value: 'L' }], price: '150', sellAt: '140', sku: ' KS-L ', image: picture, stock: { tracked: false, quantity: '' } },
        { key: 'b', features: [{ key: 'g', name: 'Size', value: 'S' }], ...ownOffer, stock: { tracked: false, quantity: '' } },
      ],
    })
    expect(toProductBody(values).variants).toEqual([
      { features: { Size: 'L' }, price: { value: 150, currency: 'GHS' }, sellAt: 140, sku: 'KS-L', image: picture },
      { features: { Size: 'S' } },
    ])
    expect(validateProductForm(values)).toEqual({})
  })

  it('refuses a variant sale price at or above the price in force, and amounts that are not', () => {
    const variant = (own: Partial<typeof ownOffer>) => ({ key: 'a', features: [{ key: 'f', name: 'Size', value: 'L' }], ...ownOffer, ...own, stock: { tracked: false, quantity: '' } })
    expect(validateProductForm(filled({ variants: [variant({ price: '50', sellAt: '50' })] }))).toEqual({ 'variants.0.sellAt': 'The sale price must be below the price' })
    expect(validateProductForm(filled({ variants: [variant({ sellAt: '30' })] }))).toEqual({ 'variants.0.sellAt': 'The sale price must be below the price' })
    expect(validateProductForm(filled({ variants: [variant({ price: '1.005' })] }))).toEqual({ 'variants.0.price.value': 'Enter an amount such as 120 or 99.50' })
    expect(validateProductForm(filled({ variants: [variant({ price: 'abc' })] }))).toMatchObject({ 'variants.0.price.value': 'Enter an amount such as 120 or 99.50' })
  })

  it('reads a variant\'s own values back into the form', () => {
    const own = {
      variants: [{ _id: 'v', features: { Size: 'L' }, price: { value: 150, currency: 'GHS' }, sellAt: 140, sku: 'KS-L', image: { ...picture, width: 10, height: 10 }, availability: { level: 'in-stock' } }],
    } as unknown as Pick<Product, 'variants'>
    expect(productToForm({ ...product, ...own }, [], 'GHS').variants[0]).toMatchObject({ price: '150', sellAt: '140', sku: 'KS-L', image: picture })
  })
})
