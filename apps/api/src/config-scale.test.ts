import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { bucketUrl } from './lib/s3-storage'
import { localStorage } from './lib/storage'

const pg = 'postgres://postgres@127.0.0.1:5432/shop'

describe('object storage settings', () => {
  it('keeps uploads on local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeNull()
    expect(
      loadConfig({ S3_BUCKET: 'shop-images', S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com/', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3,
    ).toEqual({
      bucket: 'shop-images',
      region: 'auto',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      forcePathStyle: false,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    })
  })

  it('refuses half a configuration with a message naming what is missing', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ENDPOINT set without S3_BUCKET/)
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' })).toThrow(/go together/)
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow(ConfigError)
    expect(() => loadConfig({ ASSET_BASE_URL: 'cdn.example.com' })).toThrow(/ASSET_BASE_URL must be an http or https URL/)
  })

  it("serves files from the CDN, else the bucket's own URL, and reads keys back from either", () => {
    const settings = { bucket: 'shop', region: 'eu-west-1', endpoint: null, forcePathStyle: false, credentials: null }
    expect(bucketUrl(settings)).toBe('https://shop.s3.eu-west-1.amazonaws.com')
    expect(bucketUrl({ ...settings, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })).toBe('http://127.0.0.1:9000/shop')
    expect(bucketUrl({ ...settings, endpoint: 'https://s3.eu-central-003.backblazeb2.com' })).toBe('https://shop.s3.eu-central-003.backblazeb2.com')
    const cdn = localStorage('/srv/data', loadConfig({ ASSET_BASE_URL: 'https://cdn.example.com/img/' }).assetBaseUrl)
    expect(cdn.publicUrl('ab/cd.webp')).toBe('https://cdn.example.com/img/ab/cd.webp')
    expect(cdn.keyOf('https://cdn.example.com/img/ab/cd.webp')).toBe('ab/cd.webp')
    expect(cdn.keyOf('/uploads/ab/cd.webp')).toBe('ab/cd.webp')
    expect(cdn.keyOf('/uploads/../secrets')).toBeNull()
    expect(cdn.keyOf('https://elsewhere.example/ab/cd.webp')).toBeNull()
  })
})

describe('WEB_CONCURRENCY', () => {
  it('runs one worker per core on PostgreSQL and exactly one on the embedded PGlite', () => {
    expect(loadConfig({ DATABASE_URL: pg }).webConcurrency).toBe(os.availableParallelism())
    expect(loadConfig({ DATABASE_URL: pg, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3)
    expect(loadConfig({}).webConcurrency).toBe(1)
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/must be 1 with the embedded database/)
    expect(() => loadConfig({ DATABASE_URL: pg, WEB_CONCURRENCY: '0' })).toThrow(ConfigError)
  })
})
