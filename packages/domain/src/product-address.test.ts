import { describe, expect, it } from 'vitest'
import { productIdOf, productPath, productSlug } from './product-address'

const id = '0b7f3c1e-5d2a-4c7b-9a1e-2f3d4c5b6a79'

describe('productSlug', () => {
  it('lower-cases the words and joins them with hyphens', () => {
    expect(productSlug('Kente Shirt, Slim Fit')).toBe('kente-shirt-slim-fit')
  })

  it('keeps only ASCII: accents dropped, symbols become separators', () => {
    expect(productSlug('Crème brûlée & Größe M — 100% cotton!')).toBe('creme-brulee-and-grosse-m-100-cotton')
    expect(productSlug("Auntie's shea butter")).toBe('aunties-shea-butter')
    expect(productSlug('  --Ghana__Must   Go--  ')).toBe('ghana-must-go')
  })

  it('is empty when nothing readable is left', () => {
    expect(productSlug('🧵🧵')).toBe('')
    expect(productSlug('加纳')).toBe('')
  })

  it('cuts a long title at a word', () => {
    const slug = productSlug('Handwoven kente cloth from Bonwire with gold and green stripes for weddings and festivals')
    expect(slug.length).toBeLessThanOrEqual(60)
    expect(slug).toBe('handwoven-kente-cloth-from-bonwire-with-gold-and-green')
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })
})

describe('productPath', () => {
  it('is the id and the slug', () => {
    expect(productPath({ _id: id, title: 'Kente stole' })).toBe(`/products/${id}-kente-stole`)
  })

  it('is the id alone when the title gives no slug', () => {
    expect(productPath({ _id: id, title: '🧵' })).toBe(`/products/${id}`)
  })
})

describe('productIdOf', () => {
  it('reads the id before the slug, or alone', () => {
    expect(productIdOf(`${id}-kente-stole`)).toBe(id)
    expect(productIdOf(id)).toBe(id)
    expect(productIdOf(`${id.toUpperCase()}-old-name`)).toBe(id)
  })

  it('refuses anything that does not start with a whole id', () => {
    expect(productIdOf('kente-stole')).toBeNull()
    expect(productIdOf(`${id}x`)).toBeNull()
    expect(productIdOf(id.slice(0, 30))).toBeNull()
  })
})
