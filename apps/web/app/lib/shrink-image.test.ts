import { describe, expect, it } from 'vitest'
import { LONGEST_SIDE, renamed, shrinkImage, shrunkSize } from './shrink-image'

describe('shrunkSize', () => {
  it('brings the longest side down to 2000 px, keeping the proportions', () => {
    expect(LONGEST_SIDE).toBe(2000)
    expect(shrunkSize(8000, 6000)).toEqual({ width: 2000, height: 1500 })
    expect(shrunkSize(3000, 4000)).toEqual({ width: 1500, height: 2000 })
    expect(shrunkSize(4032, 3024)).toEqual({ width: 2000, height: 1500 })
    expect(shrunkSize(10000, 3)).toEqual({ width: 2000, height: 1 })
  })

  it('never enlarges a smaller picture', () => {
    expect(shrunkSize(1200, 800)).toEqual({ width: 1200, height: 800 })
    expect(shrunkSize(2000, 2000)).toEqual({ width: 2000, height: 2000 })
  })
})

describe('renamed', () => {
  it('gives the name the extension of what it became', () => {
    expect(renamed('IMG_0042.HEIC', 'image/webp')).toBe('IMG_0042.webp')
    expect(renamed('logo.final.png', 'image/jpeg')).toBe('logo.final.jpg')
    expect(renamed('photo', 'image/webp')).toBe('photo.webp')
    expect(renamed('.jpg', 'image/jpeg')).toBe('photo.jpg')
  })
})

describe('shrinkImage', () => {
  it('hands back the file itself where there is no page to draw it on (the server answers as before)', async () => {
    const file = new File([new Uint8Array(10)], 'a.jpg', { type: 'image/jpeg' })
    expect(await shrinkImage(file)).toBe(file)
  })
})
