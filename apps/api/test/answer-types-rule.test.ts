/**
 * The API tests' rule of eslint.config.js (docs/decisions/0118-api-tests-read-answers-with-the-domains-types.md)
 * fails `npm run lint` on an answer or a body typed by hand in a test: an object type named like an answer,
 * a record shape with an `_id`, or an object type given to `json<…>()`, `call<…>()` or `json() as …`. The
 * domain's types pass. Each case is linted with the project's own config at a path inside apps/api/test.
 */
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../src/paths'

// The probes are files no program holds, so the rules that need types are off for them: this rule needs none.
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: { ...tseslint.configs.disableTypeChecked, files: ['**/probe*'] } })

/** What `no-restricted-syntax` says of `code` at `filePath` (the probes' unused declarations are not the point). */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => `${message.ruleId}: ${message.message}`)
}

const refused = expect.stringMatching(/^no-restricted-syntax: An API answer or body is the domain's type/)
const read = (body: string) => `declare const response: { json<T>(): T }\ndeclare function call<T>(request: object): Promise<{ body: T }>\n${body}\n`

describe('answer types in the API tests', () => {
  it('refuses an object type named like an answer, a response or a body', async () => {
    for (const name of ['OrderAnswer', 'ShopResponse', 'RefundBody']) {
      expect(await refusals('apps/api/test/probe.test.ts', `export type ${name} = { total: number }\n`)).toEqual([refused])
    }
  })

  it('refuses a record shape with an _id, whatever its name', async () => {
    expect(await refusals('apps/api/test/probe.test.ts', 'export type Order = { _id: string; orderId: string }\n')).toEqual([refused])
  })

  it('refuses an object type handed to json(), call() or a cast of json()', async () => {
    for (const body of [
      'export const order = response.json<{ _id: string }>()',
      'export const page = response.json<{ data: { title: string }[] }>()',
      "export const token = call<{ access_token: string }>({ path: '/api/token/' })",
      'export const shop = response.json() as { title: string }',
      'export const fetched = async (answer: Response) => (await answer.json()) as { _id: string }',
    ]) {
      expect(await refusals('apps/api/test/probe.test.ts', read(body)), body).toEqual([refused])
    }
  })

  it("refuses them in a source folder's test files too", async () => {
    expect(await refusals('apps/api/src/lib/probe.test.ts', read('export const order = response.json<{ _id: string }>()'))).toEqual([refused])
  })

  it("allows the domain's types, and helper types that are not answers", async () => {
    const code = [
      "import type { Order } from '@shop/domain/schemas/orders'",
      "import type { Page } from '@shop/domain/schemas/wire'",
      "import type { MessageListResponse } from '@shop/domain/schemas/messages'",
      "import type { Static } from 'typebox'",
      read('export const order = response.json<Order>()'),
      'export const orders = response.json<Page<Order>>()',
      'export const messages = response.json<Static<typeof MessageListResponse>>()',
      'export type Buyer = { email?: string }',
      'export type Body = Record<string, unknown>',
    ].join('\n')
    expect(await refusals('apps/api/test/probe.test.ts', code)).toEqual([])
  })
})
