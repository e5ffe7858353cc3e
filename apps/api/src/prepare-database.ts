/** Migrates (under a lock every process takes) and seeds the demo shop on an empty database when asked; says whether it seeded. */
import type { Config } from './config'
import { openDatabase } from './db/client'
import { openStorage } from './lib/open-storage'
import { seedDemoIfEmpty } from './seed/demo'

export async function prepareDatabase(config: Config): Promise<boolean> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  try {
    await database.migrate()
    return config.seedDemo && (await seedDemoIfEmpty({ database, config, storage: await openStorage(config) }))
  } finally {
    await database.close()
  }
}
