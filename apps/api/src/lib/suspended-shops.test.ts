import { describe, expect, it } from 'vitest'
import { type SuspendedShop, createSuspendedShops } from './suspended-shops'

const ALPHA = '0A000000-0000-4000-8000-000000000001'

/** A list of suspended shops that counts its reads, on a clock the test moves. */
function setup(initial: SuspendedShop[]) {
  let shops = initial
  let reads = 0
  let time = 1_000
  const list = createSuspendedShops(
    async () => {
      reads += 1
      return shops
    },
    1000,
    () => time,
  )
  return {
    list,
    reads: () => reads,
    set: (next: SuspendedShop[]) => (shops = next),
    advance: (ms: number) => (time += ms),
  }
}

describe('the list of suspended shops', () => {
  it('knows shops by id in any case, and hosts', async () => {
    const { list } = setup([{ id: ALPHA, hosts: ['alpha.shops.test:3000', 'Alpha.Example'] }])
    expect(await list.any()).toBe(true)
    expect(await list.has(ALPHA.toLowerCase())).toBe(true)
    expect(await list.has('0a000000-0000-4000-8000-000000000002')).toBe(false)
    expect(await list.servesHost('alpha.shops.test:3000')).toBe(true)
    expect(await list.servesHost('alpha.example')).toBe(true)
    expect(await list.servesHost('alpha.shops.test')).toBe(false)
  })

  it('says when no shop is suspended', async () => {
    const { list } = setup([])
    expect(await list.any()).toBe(false)
    expect(await list.servesHost('alpha.shops.test')).toBe(false)
  })

  it('reads the list once per second however often it is asked', async () => {
    const { list, reads, set, advance } = setup([])
    await Promise.all([list.any(), list.has(ALPHA), list.servesHost('a.shops.test')])
    expect(reads()).toBe(1)
    set([{ id: ALPHA, hosts: [] }])
    advance(999)
    expect(await list.has(ALPHA)).toBe(false)
    expect(reads()).toBe(1)
    advance(1)
    expect(await list.has(ALPHA)).toBe(true)
    expect(reads()).toBe(2)
  })

  it('reads again at once after forget', async () => {
    const { list, reads, set } = setup([])
    expect(await list.any()).toBe(false)
    set([{ id: ALPHA, hosts: [] }])
    list.forget()
    expect(await list.any()).toBe(true)
    expect(reads()).toBe(2)
  })

  it('does not keep a failed read', async () => {
    let fail = true
    const list = createSuspendedShops(async () => {
      if (fail) throw new Error('database down')
      return [{ id: ALPHA, hosts: [] }]
    })
    await expect(list.has(ALPHA)).rejects.toThrow('database down')
    fail = false
    expect(await list.has(ALPHA)).toBe(true)
  })
})
