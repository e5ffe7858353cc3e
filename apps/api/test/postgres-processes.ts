/**
 * Real PostgreSQL parts for the scaling tests, started by the test on 127.0.0.1 and stopped after it:
 * Debian's PgBouncer in transaction pooling mode, and a primary cluster with a streaming replica made by
 * `pg_basebackup -R`, from the PostgreSQL 15 binaries. PostgreSQL and PgBouncer refuse to run as root;
 * as root they run as `nobody` (through `setpriv`), in temporary directories handed to that user.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

export const PGBOUNCER = '/usr/sbin/pgbouncer'
export const PG_BIN = '/usr/lib/postgresql/15/bin'

const run = promisify(execFile)
const NOBODY = 65534
const asRoot = process.getuid?.() === 0

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The command as the unprivileged user when this process is root, else as it is. */
function unprivileged(command: string, args: string[]): [string, string[]] {
  return asRoot ? ['setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', command, ...args]] : [command, args]
}

/** A temporary directory the unprivileged user owns. */
async function workDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix))
  if (asRoot) await fs.chown(dir, NOBODY, NOBODY)
  return dir
}

export type Process = { stop(): Promise<void> }

function startProcess(command: string, args: string[], log: string[]): ChildProcess {
  const [file, argv] = unprivileged(command, args)
  const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] })
  const keep = (chunk: Buffer) => log.push(chunk.toString())
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  return child
}

/** Stops a server the way its own fast shutdown does (SIGINT), and waits for it to exit. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGINT')
  await exited
}

/** Waits until `url` answers a query (at most 30 s), or fails with the server's log. */
async function untilAnswering(url: string, child: ChildProcess, log: string[]): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log.join('')}`)
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('select 1')
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      await client.end().catch(() => {})
    }
  }
  throw new Error(`server did not answer:\n${log.join('')}`)
}

/**
 * PgBouncer in transaction pooling mode on a free port in front of the server `upstreamUrl` names (trust
 * authentication, as the server's own). Its other settings stay Debian's defaults but the pool size,
 * kept small so that consecutive transactions of one client land on different server connections.
 */
export async function startPgBouncer(upstreamUrl: string): Promise<Process & { url(database: string): string }> {
  const upstream = new URL(upstreamUrl)
  const user = decodeURIComponent(upstream.username || 'postgres')
  const dir = await workDir('pgbouncer-')
  const port = await freePort()
  const config = path.join(dir, 'pgbouncer.ini')
  await fs.writeFile(path.join(dir, 'userlist.txt'), `"${user}" ""\n`)
  await fs.writeFile(
    config,
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 3',
      '',
    ].join('\n'),
  )
  const log: string[] = []
  const child = startProcess(PGBOUNCER, [config], log)
  const url = (database: string) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`
  try {
    await untilAnswering(url(upstream.pathname.slice(1) || 'postgres'), child, log)
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  return {
    url,
    stop: async () => {
      await stopProcess(child)
      await fs.rm(dir, { recursive: true, force: true })
    },
  }
}

export type ReplicatedCluster = {
  primaryUrl(database: string): string
  replicaUrl(database: string): string
  /** Stops the replica (the primary keeps running). */
  stopReplica(): Promise<void>
  stop(): Promise<void>
}

/** Starts a PostgreSQL server on `dataDir` at a free port; its sockets only on 127.0.0.1, no Unix socket. */
async function startPostgres(dataDir: string, settings: string[]): Promise<{ child: ChildProcess; port: number; log: string[] }> {
  const port = await freePort()
  const log: string[] = []
  const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...settings.flatMap((s) => ['-c', s])]
  const child = startProcess(path.join(PG_BIN, 'postgres'), args, log)
  try {
    await untilAnswering(`postgres://postgres@127.0.0.1:${port}/postgres`, child, log)
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  return { child, port, log }
}

/**
 * A primary cluster (initdb, `wal_level=replica`) and a streaming replica of it (`pg_basebackup -R`), each
 * on its own free port, in one temporary directory removed by `stop`.
 */
export async function startReplicatedCluster(): Promise<ReplicatedCluster> {
  const dir = await workDir('pg-replication-')
  const primaryDir = path.join(dir, 'primary')
  const replicaDir = path.join(dir, 'replica')
  const started: ChildProcess[] = []
  const exec = (command: string, args: string[]) => run(...unprivileged(path.join(PG_BIN, command), args))
  try {
    await exec('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
    // Durability is not what these tests are about: no fsync keeps the clusters quick on a shared machine.
    const quick = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']
    const primary = await startPostgres(primaryDir, ['wal_level=replica', ...quick])
    started.push(primary.child)
    await exec('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '--no-sync'])
    const replica = await startPostgres(replicaDir, ['hot_standby=on', ...quick])
    started.push(replica.child)
    return {
      primaryUrl: (database) => `postgres://postgres@127.0.0.1:${primary.port}/${database}`,
      replicaUrl: (database) => `postgres://postgres@127.0.0.1:${replica.port}/${database}`,
      stopReplica: () => stopProcess(replica.child),
      stop: async () => {
        await stopProcess(replica.child)
        await stopProcess(primary.child)
        await fs.rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    for (const child of started.reverse()) await stopProcess(child)
    await fs.rm(dir, { recursive: true, force: true })
    throw error
  }
}
