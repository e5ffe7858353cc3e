/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` into DATA_DIR, which must be empty or
 * missing, and checks that its database opens (apps/api/src/backup.ts, docs/decisions/0104). Then start the
 * server on it.
 */
import path from 'node:path'
import { BackupError, restoreBackup } from '../apps/api/src/backup'
import { ConfigError, loadConfig } from '../apps/api/src/config'

async function main() {
  const file = process.argv[2]
  if (!file) throw new BackupError('name the backup to restore: npm run restore -- FILE')
  const config = loadConfig()
  if (config.databaseUrl) throw new BackupError('DATABASE_URL is set: this restores the embedded database (PGlite); on PostgreSQL use pg_restore (docs/operator-guide.md, "Backups and restore")')
  const manifest = await restoreBackup(path.resolve(file), config.dataDir)
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}: ${manifest.uploads} uploaded files, ${manifest.migrations} migrations applied. Start the server on it (npm start).`)
}

main().catch((error) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? `Restore failed: ${error.message}` : error)
  process.exit(1)
})
