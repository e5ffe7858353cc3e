/**
 * `npm run backup -- FILE`: a backup of the PGlite install in DATA_DIR (its database and its local uploads)
 * into FILE, a `.tar.gz`, taken at one instant by the running server, or from the database itself when the
 * server is stopped (apps/api/src/backup.ts, docs/decisions/0104). On PostgreSQL, use pg_dump (docs/operator-guide.md, "Backups and restore").
 */
import fs from 'node:fs'
import path from 'node:path'
import { BackupError, readManifest, writeBackup } from '../apps/api/src/backup'
import { ConfigError, loadConfig } from '../apps/api/src/config'

async function main() {
  const file = process.argv[2]
  if (!file) throw new BackupError('name the file to write: npm run backup -- FILE (e.g. shoplet-2026-01-31.tar.gz)')
  const config = loadConfig()
  if (config.databaseUrl) throw new BackupError('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operator-guide.md, "Backups and restore"); uploads in S3 stay in the bucket')
  const target = path.resolve(file)
  const { from } = await writeBackup(config.dataDir, target)
  const manifest = await readManifest(target)
  const size = (fs.statSync(target).size / 1024 / 1024).toFixed(1)
  console.log(`Backed up ${config.dataDir} (from the ${from}) into ${target}: ${size} MB, ${manifest.uploads} uploaded files, ${manifest.migrations} migrations applied.`)
  if (config.s3) console.log(`Uploads live in the bucket ${config.s3.bucket} and are not in this backup (docs/operator-guide.md, "Backups and restore").`)
}

main().catch((error) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? `Backup failed: ${error.message}` : error)
  process.exit(1)
})
