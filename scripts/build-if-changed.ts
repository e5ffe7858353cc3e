/**
 * Builds the web app and the API server (`npm run build`) only when what the build reads has changed since
 * the last build: `npm start`, `npm run test:browser`, `npm run bench` and `npm run lighthouse` run this
 * instead of the build itself, so a second start costs a hash of the sources rather than a minute of bundling.
 *
 * The stamp is a SHA-256 of the build's inputs: every file under the packages the build bundles (their
 * tests left out), the root and workspace manifests, the lockfile, the build configurations, and the
 * environment the build reads (NODE_ENV, VITE_*). It is written into the API's dist/ once both builds have
 * succeeded; the API build empties dist/ first, so a failed or half-done build leaves no stamp behind.
 *
 *   node --import tsx scripts/build-if-changed.ts           # build if needed
 *   node --import tsx scripts/build-if-changed.ts --force   # build anyway
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const repoRoot = path.resolve(import.meta.dirname, '..')

/** Files and folders (relative to the repository) whose contents the build reads. */
export const BUILD_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'packages/domain', 'apps/api', 'apps/web']

/** Folders under the inputs that the build writes or never reads. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', '.react-router', 'test', 'tests', '.cache'])

/** Test files sit beside the sources in places; the bundles never import them. */
const isTestFile = (name: string) => /\.test\.[cm]?[jt]sx?$/.test(name)

/**
 * The environment the build reads: the mode (unset builds for production, as `npm run build` does, so
 * `npm start` and `NODE_ENV=production npm start` share one build), and what Vite puts into the browser bundle.
 */
export function buildEnvironment(env: Record<string, string | undefined>): [string, string][] {
  return Object.entries<string | undefined>({ ...env, NODE_ENV: env.NODE_ENV || 'production' })
    .filter((entry): entry is [string, string] => entry[1] !== undefined && (entry[0] === 'NODE_ENV' || entry[0].startsWith('VITE_')))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

function inputFiles(root: string, relative: string, into: string[]): void {
  const full = path.join(root, relative)
  let stat: fs.Stats
  try {
    stat = fs.statSync(full)
  } catch {
    return
  }
  if (stat.isFile()) {
    into.push(relative)
    return
  }
  if (!stat.isDirectory()) return
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() ? SKIPPED_FOLDERS.has(entry.name) : isTestFile(entry.name)) continue
    inputFiles(root, path.posix.join(relative, entry.name), into)
  }
}

/** The stamp of the build's inputs under `root` with the environment `env`: changes when and only when they do. */
export function buildStamp(root: string, env: Record<string, string | undefined>): string {
  const files: string[] = []
  for (const input of BUILD_INPUTS) inputFiles(root, input, files)
  files.sort()
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(`${file}\0`)
    hash.update(fs.readFileSync(path.join(root, file)))
    hash.update('\0')
  }
  for (const [name, value] of buildEnvironment(env)) hash.update(`env ${name}=${value}\0`)
  return hash.digest('hex')
}

/** Where the stamp of the last successful build is kept, and what must exist for that build to be whole. */
export const STAMP_FILE = 'apps/api/dist/build-stamp.txt'
export const BUILD_OUTPUTS = ['apps/api/dist/server.js', 'apps/web/build/server/index.js', 'apps/web/build/client']

export type BuildDecision = { build: false } | { build: true; reason: string }

/** Whether the last build under `root` is out of date for `stamp`, and why. */
export function decideBuild(root: string, stamp: string): BuildDecision {
  const missing = BUILD_OUTPUTS.find((output) => !fs.existsSync(path.join(root, output)))
  if (missing) return { build: true, reason: `${missing} is missing` }
  let last: string
  try {
    last = fs.readFileSync(path.join(root, STAMP_FILE), 'utf8').trim()
  } catch {
    return { build: true, reason: 'no record of the last build' }
  }
  return last === stamp ? { build: false } : { build: true, reason: 'the sources changed since the last build' }
}

/**
 * Builds under `root` with `build` when the stamp says so (or `force`), and records the new stamp once it
 * succeeded. Resolves with whether it built; throws when the build failed.
 */
export function buildIfChanged(options: {
  root: string
  env: Record<string, string | undefined>
  force?: boolean
  build: () => void
  log: (line: string) => void
}): boolean {
  const started = Date.now()
  const stamp = buildStamp(options.root, options.env)
  const decision: BuildDecision = options.force ? { build: true, reason: 'asked to (--force)' } : decideBuild(options.root, stamp)
  if (!decision.build) {
    options.log(`Build is up to date (checked in ${Date.now() - started} ms; \`npm run build\` rebuilds anyway).`)
    return false
  }
  options.log(`Building: ${decision.reason}.`)
  options.build()
  fs.writeFileSync(path.join(options.root, STAMP_FILE), `${stamp}\n`)
  return true
}

function npmBuild(): void {
  // npm's own CLI when npm runs this script (npm_execpath), so the build runs on the same npm and Node.
  const npm = process.env.npm_execpath
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: repoRoot, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) throw new Error(`npm run build failed (exit code ${result.status ?? result.signal})`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    buildIfChanged({ root: repoRoot, env: process.env, force: process.argv.includes('--force'), build: npmBuild, log: (line) => console.log(line) })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
