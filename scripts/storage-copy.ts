/**
 * Copies the local uploads directory into the bucket the S3_* variables name, so a platform can move its
 * images to object storage without breaking a URL:
 *
 *   S3_BUCKET=… S3_ENDPOINT=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… npm run storage:copy [-- directory]
 *
 * The directory defaults to `{DATA_DIR}/uploads`. Run it before restarting the servers with S3_BUCKET set
 * (and again after, for anything uploaded in between: copying twice is harmless).
 */
import path from 'node:path'
import { ConfigError, loadConfig } from '../apps/api/src/config'
import { copyUploads } from '../apps/api/src/lib/copy-uploads'
import { openStorage } from '../apps/api/src/lib/open-storage'

async function main() {
  const config = loadConfig()
  if (!config.s3) throw new ConfigError('set S3_BUCKET (and the other S3_* variables) to the bucket to copy into')
  const from = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'uploads'))
  const storage = await openStorage(config)
  console.log(`Copying ${from} into the bucket ${config.s3.bucket}…`)
  const count = await copyUploads(from, storage)
  console.log(`Copied ${count} file${count === 1 ? '' : 's'}; images are now served from ${storage.publicUrl('')}`)
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
