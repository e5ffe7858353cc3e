import { describe, expect, it } from 'vitest'
import { assertCanonicalProductUrl, productIdFromParam } from './product-seo.server'

const id = '0b7f3c1e-5d2a-4c7b-9a1e-2f3d4c5b6a79'
const product = { _id: id, title: 'Kente stole' }
const current = `${id}-kente-stole`

function redirectOf(run: () => void): { status: number; location: string | null } | null {
  try {
    run()
    return null
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, location: thrown.headers.get('location') }
  }
}

describe('assertCanonicalProductUrl', () => {
  it('lets the current address through, for the page and for a client navigation’s data request', () => {
    expect(redirectOf(() => assertCanonicalProductUrl(new Request(`http://shop.test/products/${current}`), current, product))).toBeNull()
    const data = new Request(`http://shop.test/products/${current}.data?_routes=routes%2Fproduct`)
    expect(redirectOf(() => assertCanonicalProductUrl(data, current, product))).toBeNull()
  })

  it('sends the bare id and a stale slug on for good, keeping the query but not the data request’s own', () => {
    expect(redirectOf(() => assertCanonicalProductUrl(new Request(`http://shop.test/products/${id}`), id, product))).toEqual({
      status: 301,
      location: `/products/${current}`,
    })
    const stale = new Request(`http://shop.test/products/${id}-old.data?ref=wa&_routes=routes%2Fproduct`)
    expect(redirectOf(() => assertCanonicalProductUrl(stale, `${id}-old`, product))).toEqual({ status: 301, location: `/products/${current}?ref=wa` })
  })

  it('answers a form posted to an older address there, without a redirect that would drop the post', () => {
    const post = new Request(`http://shop.test/products/${id}`, { method: 'POST', body: 'intent=add' })
    expect(redirectOf(() => assertCanonicalProductUrl(post, id, product))).toBeNull()
  })
})

describe('productIdFromParam', () => {
  it('reads the id of a readable address, and nothing from anything else', () => {
    expect(productIdFromParam(current)).toBe(id)
    expect(productIdFromParam('kente-stole')).toBeNull()
    expect(productIdFromParam(undefined)).toBeNull()
  })
})
