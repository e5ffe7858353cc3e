/**
 * One interface for SMS gateways, like the payment providers: a provider only talks to the outside world.
 * Phones are in international form (`+233…`); each provider writes them as its API wants.
 */
export interface SmsProvider {
  readonly name: string
  /** Resolves with the gateway's id once it has accepted the message; rejects with SmsError otherwise. */
  send(to: string, message: string): Promise<{ id: string | null }>
}

/** The gateway refused the message or could not be reached; `message` says which and why, never a key. */
export class SmsError extends Error {
  override name = 'SmsError'
}
