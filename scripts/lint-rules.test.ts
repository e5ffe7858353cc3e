import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The repository's own ESLint configuration, run on small snippets: the type-aware rules must report what they
// exist to catch. A snippet is a file no tsconfig.json includes, so it is typed with the shared compiler options
// (strict, as every project is) in a program of its own.
const root = path.resolve(import.meta.dirname, '..')
const snippet = 'lint-snippet.ts'
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: [snippet],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: [snippet], defaultProject: 'tsconfig.base.json' } } },
  },
})

async function rulesReported(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, snippet) })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

describe('npm run lint', () => {
  it('reports a promise nobody awaits', async () => {
    const rules = await rulesReported(`async function save(): Promise<void> {}\nexport function run(): void {\n  save()\n}\n`)
    expect(rules).toEqual(['@typescript-eslint/no-floating-promises'])
  })

  it('accepts the same call awaited, or marked as deliberately not awaited', async () => {
    const awaited = `async function save(): Promise<void> {}\nexport async function run(): Promise<void> {\n  await save()\n}\n`
    const voided = `async function save(): Promise<void> {}\nexport function run(): void {\n  void save()\n}\n`
    expect(await rulesReported(awaited)).toEqual([])
    expect(await rulesReported(voided)).toEqual([])
  })

  it('reports an async function where a plain callback is expected', async () => {
    const rules = await rulesReported(`export function watch(target: EventTarget): void {\n  target.addEventListener('x', async () => {})\n}\n`)
    expect(rules).toEqual(['@typescript-eslint/no-misused-promises'])
  })

  it('reports a switch that forgets a case of a union', async () => {
    const code = `export function label(status: 'paid' | 'unpaid' | 'refunded'): string {\n  switch (status) {\n    case 'paid':\n      return 'Paid'\n    case 'unpaid':\n      return 'Unpaid'\n  }\n  return ''\n}\n`
    expect(await rulesReported(code)).toEqual(['@typescript-eslint/switch-exhaustiveness-check'])
  })

  it('reports a check the types say can never fail, and a disable comment that disables nothing', async () => {
    expect(await rulesReported(`export function size(list: string[]): number {\n  return list?.length\n}\n`)).toEqual([
      '@typescript-eslint/no-unnecessary-condition',
    ])
    const stale = `// eslint-disable-next-line no-control-regex\nexport const one = 1\n`
    expect(await rulesReported(stale)).toHaveLength(1)
  })
})
