import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkFiles, problemsInText, repositoryFiles, unindexedDecisions } from './check-doc-links'

// This file's examples are broken on purpose: the check skips it, and so does the command that rewrote
// the old citations (its exclusion is in that commit's message).

let root: string

function write(relative: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true })
  fs.writeFileSync(path.join(root, relative), text)
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-links-'))
  write('docs/product.md', '# Product\n')
  write('docs/architecture.md', '# Architecture\n')
  write('docs/decisions/0026-service-context.md', '# 26\n')
})

afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('references to documents', () => {
  it('refuses a section of either old document, with the file and line', () => {
    const text = '// fine\n// totals, SPEC §9\n/* DESIGN §8: the status machine */\n'
    expect(problemsInText(root, 'a.ts', text).map(({ line, reference }) => ({ line, reference }))).toEqual([
      { line: 2, reference: 'SPEC §' },
      { line: 3, reference: 'DESIGN §' },
    ])
  })

  it('refuses either old document named in prose, but not a longer word or a name in code', () => {
    const text = [
      "/* Mobile first; 768px is SPEC's breakpoint. */",
      '// as DESIGN says.',
      'const OPENAPI_SPEC = 1; const SPECS = 2; read(DESIGN_FILE)',
    ].join('\n')
    expect(problemsInText(root, 'a.ts', text).map(({ line, reference }) => `${line}:${reference}`)).toEqual([
      '1:SPEC',
      '2:DESIGN',
    ])
  })

  it('names a cited section once, not also as a name', () => {
    expect(problemsInText(root, 'a.ts', '// SPEC §9')).toHaveLength(1)
  })

  it('accepts the documents of the repository, by section', () => {
    expect(problemsInText(root, 'a.ts', '// docs/product.md §9, docs/architecture.md §8')).toEqual([])
  })

  it('refuses a docs/ path that does not exist, and accepts one that does', () => {
    const problems = problemsInText(root, 'a.ts', '// see docs/operator-guide.md and docs/architecture.md.')
    expect(problems.map((problem) => problem.reference)).toEqual(['docs/operator-guide.md'])
    expect(problems[0]?.reason).toContain('does not exist')
  })

  it('takes a decision cited by number from the files in docs/decisions', () => {
    expect(problemsInText(root, 'a.ts', '// docs/decisions/0026, docs/decisions/0026-service-context.md')).toEqual([])
    const problems = problemsInText(root, 'a.ts', '// docs/decisions/0039 and docs/decisions/0026-other-title.md')
    expect(problems.map((problem) => problem.reason)).toEqual([
      'no decision 0039 in docs/decisions/',
      'docs/decisions/0026-other-title.md does not exist',
    ])
  })

  it('names each decision the decisions\' index does not link to', () => {
    write('docs/decisions/0027-second.md', '# 27\n')
    write('docs/decisions/README.md', '| 0026 | [Service context](0026-service-context.md) |\n')
    expect(unindexedDecisions(root).map((problem) => problem.reference)).toEqual(['0027-second.md'])
    write('docs/decisions/README.md', '| 0026 | [Service context](0026-service-context.md) |\n| 0027 | [Second](0027-second.md) |\n')
    expect(unindexedDecisions(root)).toEqual([])
  })

  it('does not take a longer path that ends in docs/ for one of the repository', () => {
    expect(problemsInText(root, 'a.ts', "import x from 'apps/web/docs/missing.md'; https://example.com/docs/missing.md")).toEqual([])
  })

  it('checks relative links of Markdown files from the file’s own folder, anchors aside', () => {
    const text = '[26](decisions/0026-service-context.md#proof) [gone](decisions/0039-gone.md) [web](https://x.test/a.md) [top](#top)'
    expect(problemsInText(root, 'docs/guide.md', text).map((problem) => problem.reference)).toEqual(['decisions/0039-gone.md'])
    // The same link in a source file is text, not a link.
    expect(problemsInText(root, 'a.ts', text)).toEqual([])
  })

  it('checks the files it is given and skips binary and generated ones, and released migrations', () => {
    write('src/a.ts', '// SPEC §2\n')
    write('package-lock.json', '"SPEC §2"')
    write('logo.png', 'SPEC §2')
    write('apps/api/drizzle/0001_regions.sql', '-- SPEC: regions\n')
    const problems = checkFiles(root, ['src/a.ts', 'package-lock.json', 'logo.png', 'docs/product.md', 'apps/api/drizzle/0001_regions.sql'])
    expect(problems.map(({ file, line }) => `${file}:${line}`)).toEqual(['src/a.ts:1'])
  })
})

describe('this repository', () => {
  it('refers only to documents it contains', () => {
    const repository = path.resolve(import.meta.dirname, '..')
    expect(checkFiles(repository, repositoryFiles(repository))).toEqual([])
  })

  it('lists every decision in the decisions\' index', () => {
    expect(unindexedDecisions(path.resolve(import.meta.dirname, '..'))).toEqual([])
  })
})
