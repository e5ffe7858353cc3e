/** The storage the config names: a bucket when S3 is configured (its client is loaded only then), else local disk. */
import type { Config } from '../config'
import { type Storage, localStorage } from './storage'

export async function openStorage(config: Pick<Config, 'dataDir' | 's3' | 'assetBaseUrl'>): Promise<Storage> {
  if (!config.s3) return localStorage(config.dataDir, config.assetBaseUrl)
  const { s3Storage } = await import('./s3-storage')
  return s3Storage(config.s3, config.assetBaseUrl)
}
