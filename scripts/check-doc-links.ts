/**
 * Fails when the repository refers to a document it does not contain (run by `npm run lint`):
 *
 * - the old specification or design documents, which never lived here, by section or by name: the
 *   product and the architecture are docs/product.md and docs/architecture.md, cited as `docs/product.md §4`;
 * - a path under docs/ (`docs/operator-guide.md`, `docs/decisions/0026-service-context.md`) that does not
 *   exist, or a decision cited by number (`docs/decisions/0104`) that no file carries;
 * - a relative link in a Markdown file (`[decision 34](decisions/0034-….md)`) whose target does not exist;
 * - a decision in docs/decisions/ that the decisions' index (its README.md) does not link to, so the list
 *   a newcomer reads is every decision there is.
 *
 *   node --import tsx scripts/check-doc-links.ts
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export type Problem = { file: string; line: number; reference: string; reason: string }

/** The two documents the project started from, cited by section; the names are spelled in parts so this file does not cite them. */
const OLD_DOCUMENTS = ['SP' + 'EC', 'DES' + 'IGN']
const oldCitation = new RegExp(`\\b(${OLD_DOCUMENTS.join('|')})(\\.md)?\\s*§`, 'g')
const oldFile = new RegExp(`\\b(${OLD_DOCUMENTS.join('|')})\\.md\\b`, 'g')
/** Either named as a document in prose ("the ___'s call", "as ___ says"): the whole word in capitals, not part of a name. */
const oldName = new RegExp(`(?<![\\w$./-])(${OLD_DOCUMENTS.join('|')})(?![\\w$/§-]|\\.md|\\s*§)`, 'g')

/** `docs/…` not preceded by a path character, so `apps/web/docs/x.md` or a URL's path is not taken for one of ours. */
const docsPath = /(?<![\w./-])docs\/[\w./-]*[\w-]/g
const markdownLink = /\]\(([^)\s]+)\)/g

/** Files that are not text: never read. */
const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|pdf|zip|gz|tgz|wasm|mp4|webm)$/i
/** Generated files whose text is not the project's, and this check's own test, whose examples are broken on purpose. */
const SKIPPED = new Set(['package-lock.json', 'scripts/check-doc-links.test.ts'])
/** Migrations: applied history, never edited once released, whatever their comments name. */
const HISTORY = /^apps\/api\/drizzle\/.*\.sql$/

function exists(root: string, relative: string): boolean {
  return fs.existsSync(path.join(root, relative))
}

/** Whether a decision with this number exists (`docs/decisions/0104` cites 0104-whatever.md). */
function decisionExists(root: string, number: string): boolean {
  const folder = path.join(root, 'docs/decisions')
  return fs.existsSync(folder) && fs.readdirSync(folder).some((name) => name.startsWith(`${number}-`) && name.endsWith('.md'))
}

/** Why a cited `docs/…` path does not resolve, or null when it does. */
function docsPathProblem(root: string, cited: string): string | null {
  const reference = cited.replace(/[.]+$/, '')
  const decision = /^docs\/decisions\/(\d{4})(?:-[\w.-]*)?$/.exec(reference)
  if (decision?.[1] && !reference.endsWith('.md')) {
    return decisionExists(root, decision[1]) ? null : `no decision ${decision[1]} in docs/decisions/`
  }
  if (exists(root, reference)) return null
  return `${reference} does not exist`
}

/** Why a Markdown link in `file` does not resolve, or null when it does (or points outside the repository's files). */
function linkProblem(root: string, file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('/')) return null
  const withoutAnchor = decodeURI(target.split('#')[0] ?? '')
  if (!withoutAnchor) return null
  const resolved = path.normalize(path.join(path.dirname(file), withoutAnchor))
  if (resolved.startsWith('..')) return `${target} points outside the repository`
  return exists(root, resolved) ? null : `${resolved} does not exist`
}

/** Every reference in one file's text that points at a document the repository does not contain. */
export function problemsInText(root: string, file: string, text: string): Problem[] {
  const problems: Problem[] = []
  const lines = text.split('\n')
  lines.forEach((content, index) => {
    const line = index + 1
    for (const match of content.matchAll(oldCitation)) {
      problems.push({ file, line, reference: match[0], reason: 'cites a document the repository does not contain: cite docs/product.md or docs/architecture.md' })
    }
    for (const match of content.matchAll(oldFile)) {
      problems.push({ file, line, reference: match[0], reason: 'names a document the repository does not contain' })
    }
    for (const match of content.matchAll(oldName)) {
      problems.push({ file, line, reference: match[0], reason: 'names a document the repository does not contain: name docs/product.md or docs/architecture.md' })
    }
    for (const match of content.matchAll(docsPath)) {
      const reason = docsPathProblem(root, match[0])
      if (reason) problems.push({ file, line, reference: match[0], reason })
    }
    if (file.endsWith('.md')) {
      for (const match of content.matchAll(markdownLink)) {
        const target = match[1] ?? ''
        // A link written `docs/…` was checked above as a path of the repository.
        if (target.startsWith('docs/') && path.dirname(file) === '.') continue
        const reason = linkProblem(root, file, target)
        if (reason) problems.push({ file, line, reference: target, reason })
      }
    }
  })
  return problems
}

/** Checks `files` (paths relative to `root`); binary and generated files are skipped. */
export function checkFiles(root: string, files: readonly string[]): Problem[] {
  return files
    .filter((file) => !BINARY.test(file) && !SKIPPED.has(file) && !HISTORY.test(file))
    .flatMap((file) => {
      const full = path.join(root, file)
      if (!fs.existsSync(full) || !fs.statSync(full).isFile()) return []
      const text = fs.readFileSync(full, 'utf8')
      if (text.includes('\u0000')) return []
      return problemsInText(root, file, text)
    })
}

/** Each decision file of docs/decisions/ that its README.md's index does not link to. */
export function unindexedDecisions(root: string): Problem[] {
  const folder = path.join(root, 'docs/decisions')
  const index = path.join(folder, 'README.md')
  if (!fs.existsSync(index)) return []
  const linked = new Set([...fs.readFileSync(index, 'utf8').matchAll(markdownLink)].map((match) => match[1]?.split('#')[0]))
  return fs
    .readdirSync(folder)
    .filter((name) => /^\d{4}-.*\.md$/.test(name) && !linked.has(name))
    .sort()
    .map((name) => ({ file: 'docs/decisions/README.md', line: 1, reference: name, reason: 'is a decision the index does not list: add its row' }))
}

/** The repository's files: tracked ones and new ones not ignored, as git sees them. */
export function repositoryFiles(root: string): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return [...new Set(output.split('\u0000').filter(Boolean))]
}

if (import.meta.filename === process.argv[1]) {
  const root = path.resolve(import.meta.dirname, '..')
  const problems = [...checkFiles(root, repositoryFiles(root)), ...unindexedDecisions(root)]
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.reference}: ${problem.reason}`)
  if (problems.length > 0) {
    console.error(`\n${problems.length} reference(s) to documents the repository does not contain.`)
    process.exit(1)
  }
  console.log('Every document the repository refers to is in it.')
}
