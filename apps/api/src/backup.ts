/**
 * Backups of a PGlite install (docs/decisions/0104): the database and the local uploads of `DATA_DIR` in
 * one `.tar.gz`, taken at one instant while the server runs, and restored into an empty `DATA_DIR`.
 *
 * PGlite is one process's own: while the server runs, no other process may open its files. So the server's
 * worker listens on a Unix socket in `DATA_DIR` (`backup.sock`, reachable only by whoever can read the data
 * directory, so nothing to configure and nothing on the network) and takes the snapshot itself: it holds
 * PGlite's transaction lock (every statement waits, none is half done), runs CHECKPOINT, copies the
 * database's files and hard-links the uploads (content-addressed, never rewritten) into a staging folder,
 * lets go (tens of milliseconds for a small shop), and streams the archive from the staging folder. With
 * the server stopped, `npm run backup` opens the database itself and takes the same snapshot.
 *
 * The archive: `shoplet-backup.json` (format, time, migrations applied, files), `database/` (the PostgreSQL
 * data directory as PGlite keeps it) and `uploads/`.
 */
import { once } from 'node:events'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import { createHash, randomUUID } from 'node:crypto'
import * as tar from 'tar'
import type { Database } from './db/client'
import { migrationsFolder } from './paths'

export const MANIFEST = 'shoplet-backup.json'
const FORMAT = 1
const STAGING_PREFIX = 'backup-staging-'

export type Manifest = { format: number; createdAt: string; migrations: number; databaseFiles: number; uploads: number }

/** The error a backup or restore answers the operator with: said as it is, without a stack. */
export class BackupError extends Error {}

/**
 * The socket the running server takes backups on: in `DATA_DIR`, or (when that path is too long for a Unix
 * socket) in the temporary directory under a name derived from it.
 */
export function backupSocket(dataDir: string): string {
  const inDataDir = path.join(dataDir, 'backup.sock')
  if (Buffer.byteLength(inDataDir) < 100) return inDataDir
  return path.join(os.tmpdir(), `shoplet-backup-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`)
}

/** What is not the database in `DATA_DIR`: the uploads, the socket, staging folders. */
function isDatabaseFile(name: string): boolean {
  return name !== 'uploads' && name !== 'backup.sock' && !name.startsWith(STAGING_PREFIX)
}

/** How many migrations the code in this checkout knows (apps/api/drizzle/meta/_journal.json). */
export function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  return journal.entries.length
}

async function linkTree(from: string, to: string): Promise<number> {
  let count = 0
  await fsp.mkdir(to, { recursive: true })
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) count += await linkTree(source, target)
    else if (entry.isFile()) {
      await fsp.link(source, target).catch(() => fsp.copyFile(source, target))
      count++
    }
  }
  return count
}

async function countFiles(dir: string): Promise<number> {
  const entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).length
}

/**
 * Takes the snapshot of `dataDir` whose database `client` has open into a new staging folder inside
 * `dataDir` (same file system, so the uploads are hard links), and answers the folder. No statement runs
 * while the files are copied.
 */
export async function snapshot(dataDir: string, client: PGlite): Promise<string> {
  const staging = path.join(dataDir, `${STAGING_PREFIX}${randomUUID()}`)
  try {
    const manifest = await client.transaction(async (tx) => {
      await tx.exec('checkpoint')
      const migrations = await tx
        .query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations')
        .then((result) => result.rows[0]!.count)
        .catch(() => 0)
      await fsp.mkdir(path.join(staging, 'database'), { recursive: true })
      for (const entry of await fsp.readdir(dataDir)) {
        if (isDatabaseFile(entry)) await fsp.cp(path.join(dataDir, entry), path.join(staging, 'database', entry), { recursive: true })
      }
      const uploadsDir = path.join(dataDir, 'uploads')
      const uploads = fs.existsSync(uploadsDir) ? await linkTree(uploadsDir, path.join(staging, 'uploads')) : 0
      return { migrations, uploads }
    })
    const complete: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      migrations: manifest.migrations,
      databaseFiles: await countFiles(path.join(staging, 'database')),
      uploads: manifest.uploads,
    }
    await fsp.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(complete, null, 2)}\n`)
    return staging
  } catch (error) {
    await fsp.rm(staging, { recursive: true, force: true })
    throw error
  }
}

/** The archive of a staging folder, gzipped; the folder is removed once the stream ends or fails. */
function archive(staging: string): tar.Pack {
  const entries = [MANIFEST, 'database', ...(fs.existsSync(path.join(staging, 'uploads')) ? ['uploads'] : [])]
  const stream = tar.create({ gzip: true, cwd: staging, portable: true }, entries)
  const cleanUp = () => void fsp.rm(staging, { recursive: true, force: true })
  stream.on('end', cleanUp)
  stream.on('error', cleanUp)
  stream.on('close', cleanUp)
  return stream
}

/** The PGlite client under a database opened by db/client. */
function pgliteOf(database: Database): PGlite {
  if (database.kind !== 'pglite') throw new BackupError('backups of a PostgreSQL server are made with pg_dump (docs/operator-guide.md, "Backups and restore")')
  return (database.db as unknown as { $client: PGlite }).$client
}

/**
 * The running server's side: answers `GET /backup` on `backupSocket(dataDir)` with the archive. Staging
 * folders a crash left behind are removed first. Resolves with a function that stops listening.
 */
export async function serveBackups(dataDir: string, database: Database, log: (error: unknown) => void): Promise<() => Promise<void>> {
  const client = pgliteOf(database)
  for (const entry of await fsp.readdir(dataDir)) {
    if (entry.startsWith(STAGING_PREFIX)) await fsp.rm(path.join(dataDir, entry), { recursive: true, force: true })
  }
  const socket = backupSocket(dataDir)
  // A socket file left by a server that did not stop cleanly: nobody listens on it (the caller holds the database).
  await fsp.rm(socket, { force: true })
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end()
      return
    }
    snapshot(dataDir, client)
      .then((staging) => {
        response.writeHead(200, { 'content-type': 'application/gzip' })
        return pipeline(archive(staging), response)
      })
      .catch((error: unknown) => {
        log(error)
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error))
        else response.destroy()
      })
  })
  // `exclusive`: this worker's own socket, not one the cluster's primary would create for it.
  server.listen({ path: socket, exclusive: true })
  await once(server, 'listening')
  await fsp.chmod(socket, 0o600)
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
}

/** Asks a server running on `dataDir` for a backup: its archive stream, or null when no server listens. */
function requestFromServer(dataDir: string): Promise<NodeJS.ReadableStream | null> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: backupSocket(dataDir), path: '/backup' }, (response) => {
      if (response.statusCode === 200) return resolve(response)
      let body = ''
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () => reject(new BackupError(`the running server could not make the backup: ${body || response.statusCode}`)))
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null)
      else reject(error)
    })
  })
}

/**
 * Writes a backup of `dataDir` to `file` (through a temporary file beside it, renamed when complete): from
 * the server running on it, or, when none is, from the database opened here. Answers how it was taken.
 */
export async function writeBackup(dataDir: string, file: string): Promise<{ from: 'running server' | 'stopped database' }> {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose a new file name (backups are never overwritten)`)
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no database (no PG_VERSION): is DATA_DIR right?`)
  const partial = `${file}.partial-${process.pid}`
  try {
    const fromServer = await requestFromServer(dataDir)
    if (fromServer) {
      await pipeline(fromServer, fs.createWriteStream(partial, { mode: 0o600 }))
      await checkArchive(partial)
      await fsp.rename(partial, file)
      return { from: 'running server' }
    }
    const { openDatabase } = await import('./db/client')
    const database = await openDatabase({ url: null, dataDir })
    let staging: string
    try {
      staging = await snapshot(dataDir, pgliteOf(database))
    } finally {
      await database.close()
    }
    await pipeline(archive(staging), fs.createWriteStream(partial, { mode: 0o600 }))
    await checkArchive(partial)
    await fsp.rename(partial, file)
    return { from: 'stopped database' }
  } finally {
    await fsp.rm(partial, { force: true })
  }
}

/** Reads an archive's manifest (and so checks the whole gzip stream up to it is readable). */
export async function readManifest(file: string): Promise<Manifest> {
  // Set by the entry's callback, which the type checker cannot follow.
  let text = null as string | null
  await tar.list({
    file,
    onReadEntry: (entry) => {
      if (entry.path !== MANIFEST) return entry.resume()
      let body = ''
      entry.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      entry.on('end', () => (text = body))
    },
  })
  if (text === null) throw new BackupError(`${file} is not a Shoplet backup (it has no ${MANIFEST})`)
  const manifest = JSON.parse(text) as Manifest
  if (manifest.format !== FORMAT) throw new BackupError(`${file} is a backup of format ${manifest.format}; this version reads format ${FORMAT}`)
  return manifest
}

async function checkArchive(file: string): Promise<void> {
  await readManifest(file)
}

/** Whether `dir` is missing or holds nothing. */
function isEmptyDir(dir: string): boolean {
  if (!fs.existsSync(dir)) return true
  return fs.readdirSync(dir).length === 0
}

/**
 * Restores the backup `file` into `dataDir`, which must be empty or missing, and opens the database once
 * (PostgreSQL replays its log to the snapshot's instant) to check it. On failure `dataDir` is left empty.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`)
  if (!isEmptyDir(dataDir)) {
    throw new BackupError(`${dataDir} is not empty: a backup is restored only into an empty DATA_DIR (move the current one aside, or set DATA_DIR to a new directory)`)
  }
  const manifest = await readManifest(file)
  if (manifest.migrations > knownMigrations()) {
    throw new BackupError(
      `the backup's database has ${manifest.migrations} migrations applied and this version knows ${knownMigrations()}: restore it with the version that made it (or a newer one)`,
    )
  }
  await fsp.mkdir(dataDir, { recursive: true })
  try {
    const unpacked = path.join(dataDir, `${STAGING_PREFIX}${randomUUID()}`)
    await fsp.mkdir(unpacked)
    await tar.extract({ file, cwd: unpacked, strict: true })
    for (const entry of await fsp.readdir(path.join(unpacked, 'database'))) {
      await fsp.rename(path.join(unpacked, 'database', entry), path.join(dataDir, entry))
    }
    if (fs.existsSync(path.join(unpacked, 'uploads'))) await fsp.rename(path.join(unpacked, 'uploads'), path.join(dataDir, 'uploads'))
    await fsp.rm(unpacked, { recursive: true, force: true })
    const { openDatabase } = await import('./db/client')
    const database = await openDatabase({ url: null, dataDir })
    await database.close()
    return manifest
  } catch (error) {
    for (const entry of fs.existsSync(dataDir) ? await fsp.readdir(dataDir) : []) await fsp.rm(path.join(dataDir, entry), { recursive: true, force: true })
    throw error
  }
}
