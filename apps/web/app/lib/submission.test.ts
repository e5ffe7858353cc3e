import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { parseSubmission } from './submission'

const intents = {
  rename: Type.Object({ id: Type.String({ format: 'uuid' }), title: Type.String({ minLength: 1, maxLength: 10 }) }, { additionalProperties: false }),
  remove: Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
}
const id = '0b0e6a52-8b8f-4f39-9d7e-1c4a3c5e2a10'
const post = (body: unknown) => new Request('http://shop.test/admin', { method: 'POST', body: JSON.stringify(body) })

describe('parseSubmission', () => {
  it('answers the intent with its value as its schema describes it, the intent left out', async () => {
    expect(await parseSubmission(post({ intent: 'rename', id, title: 'Shoes' }), intents)).toEqual({ intent: 'rename', ok: true, value: { id, title: 'Shoes' } })
    expect(await parseSubmission(post({ intent: 'remove', id }), intents)).toEqual({ intent: 'remove', ok: true, value: { id } })
  })

  it("answers the problems by field when the value breaks the intent's schema", async () => {
    expect(await parseSubmission(post({ intent: 'rename', id, title: '' }), intents)).toEqual({ intent: 'rename', ok: false, errors: { title: 'This field is required' } })
    expect(await parseSubmission(post({ intent: 'rename', id: 'nope' }), intents)).toMatchObject({ intent: 'rename', ok: false, errors: { id: expect.any(String), title: 'This field is required' } })
  })

  it('refuses with a 400 a submission with no intent, an intent the page does not have, or no JSON', async () => {
    for (const request of [post({ id }), post({ intent: 'publish', id }), post({ intent: 'toString' }), new Request('http://shop.test/admin', { method: 'POST', body: 'intent=remove' })]) {
      const refusal = await parseSubmission(request, intents).then(
        () => null,
        (error: unknown) => error,
      )
      expect(refusal).toBeInstanceOf(Response)
      expect((refusal as Response).status).toBe(400)
    }
  })
})
