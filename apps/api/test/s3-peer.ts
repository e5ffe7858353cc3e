/**
 * A real S3-protocol server for tests and the cluster bench (s3rver on 127.0.0.1, a random port, objects in
 * a temporary directory removed on close) with one bucket, and the S3 settings that point the app at it.
 */
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver'
import type { S3Settings } from '../src/config'

export type S3Peer = {
  settings: S3Settings
  /** The same settings as the S3_* environment variables a server process reads. */
  env: Record<string, string>
  close(): Promise<void>
}

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> }

export async function startS3Peer(bucket = 'shop-uploads'): Promise<S3Peer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  const server = new (S3rver as new (options: object) => S3rverInstance)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  // s3rver accepts its own well-known key pair.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const endpoint = `http://127.0.0.1:${port}`
  return {
    settings: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials },
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async close() {
      await server.close()
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
