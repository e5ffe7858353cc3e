import { describe, expect, it } from 'vitest'
import { type TrackingDeps, isStaffPage, trackSiteVisit } from './track-visit'

const shop = '568e0e1e-63ec-470d-90b5-b8e4044ac2fc'

function fakes(stored: { trackingId: string; expires: number } | null, answers: ('ok' | 'fail')[], staff = false) {
  const posts: string[] = []
  let saved = stored
  let issued = 0
  const deps: TrackingDeps = {
    createTrackingId: async () => ({ trackingId: `new-${++issued}`, maxAge: 60 }),
    postEvent: async (trackingId, event) => {
      expect(event).toEqual({ action: 'site_visit', category: 'shop', extras: { origin: 'http://demo.localhost', shop } })
      posts.push(trackingId)
      if (answers.shift() === 'fail') throw new Error('Request failed with status code 401')
    },
    read: () => saved,
    write: (value) => (saved = value),
    now: () => 1_000_000,
    isStaff: async (shopId) => {
      expect(shopId).toBe(shop)
      return staff
    },
  }
  return { deps, posts, saved: () => saved }
}

describe('site_visit (docs/product.md §7, §8)', () => {
  it('posts with the stored id while it is valid', async () => {
    const { deps, posts } = fakes({ trackingId: 'kept', expires: 2_000_000 }, ['ok'])
    await trackSiteVisit(shop, 'http://demo.localhost', deps)
    expect(posts).toEqual(['kept'])
  })

  it('asks for a new id when none is stored or it expired, and saves it with its expiry', async () => {
    const missing = fakes(null, ['ok'])
    await trackSiteVisit(shop, 'http://demo.localhost', missing.deps)
    expect(missing.posts).toEqual(['new-1'])
    expect(missing.saved()).toEqual({ trackingId: 'new-1', expires: 1_000_000 + 60_000 })

    const expired = fakes({ trackingId: 'old', expires: 999_999 }, ['ok'])
    await trackSiteVisit(shop, 'http://demo.localhost', expired.deps)
    expect(expired.posts).toEqual(['new-1'])
  })

  it('retries a refused post once with a new id, and no more', async () => {
    const once = fakes({ trackingId: 'stale', expires: 2_000_000 }, ['fail', 'ok'])
    await trackSiteVisit(shop, 'http://demo.localhost', once.deps)
    expect(once.posts).toEqual(['stale', 'new-1'])
    expect(once.saved()?.trackingId).toBe('new-1')

    const twice = fakes({ trackingId: 'stale', expires: 2_000_000 }, ['fail', 'fail', 'ok'])
    await expect(trackSiteVisit(shop, 'http://demo.localhost', twice.deps)).rejects.toThrow()
    expect(twice.posts).toEqual(['stale', 'new-1'])
  })
})

describe('staff are not visitors of their own shop', () => {
  it('posts nothing for a user with a staff role in the shop, and asks for no tracking id', async () => {
    const staff = fakes(null, ['ok'], true)
    await trackSiteVisit(shop, 'http://demo.localhost', staff.deps)
    expect(staff.posts).toEqual([])
    expect(staff.saved()).toBeNull()
  })

  it("takes the dashboard's pages for staff pages, and nothing else", () => {
    for (const path of ['/admin', '/admin/', '/admin/overview', '/admin/orders/123']) expect(isStaffPage(path)).toBe(true)
    for (const path of ['/', '/administration', '/products/admin', '/account', '/reviews']) expect(isStaffPage(path)).toBe(false)
  })
})
