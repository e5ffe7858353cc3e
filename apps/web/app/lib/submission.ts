/**
 * A route's clientAction parses what its forms sent before anything else (docs/decisions/0112-typed-submissions.md):
 * one TypeBox schema per intent (the domain's request schemas where they exist) describes what that form
 * sends besides `intent`. The answer is a union discriminated by `intent`: its typed `value`, or the
 * problems by field in the one shape every form shows (`ActionAnswer`), ready to return as they are.
 */
import type { Static, TSchema } from 'typebox'
import { type FieldErrors, hasErrors, validate } from './form-errors'

/** What each intent of a page sends, besides the intent itself. */
export type IntentSchemas = Record<string, TSchema>

/** One intent's parsed submission: its value as its schema says, or the problems it had. */
export type Submission<S extends IntentSchemas> = {
  [I in keyof S & string]: { intent: I; ok: true; value: Static<S[I]> } | { intent: I; ok: false; errors: FieldErrors }
}[keyof S & string]

/**
 * Reads the JSON a form submitted and checks it with its intent's schema. An intent the page does not
 * have is a 400 (no form of this page sends it); a value its schema refuses comes back as field problems,
 * keyed by the paths the form's fields use.
 */
export async function parseSubmission<const S extends IntentSchemas>(request: Request, intents: S): Promise<Submission<S>> {
  const body = (await request.json().catch(() => null)) as unknown
  const intent = body !== null && typeof body === 'object' ? (body as { intent?: unknown }).intent : undefined
  if (typeof intent !== 'string' || !Object.hasOwn(intents, intent)) {
    throw new Response('The form did not say what to do', { status: 400 })
  }
  const { intent: _intent, ...value } = body as Record<string, unknown>
  const errors = validate(intents[intent]!, value)
  const answer = hasErrors(errors) ? { intent, ok: false, errors } : { intent, ok: true, value }
  return answer as Submission<S>
}
