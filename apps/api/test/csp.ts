/** Reading a Content-Security-Policy header in tests. */
import { expect } from 'vitest'

type Headers = Record<string, string | string[] | number | undefined>

/** The policy's directives by name, each with its sources in order. */
export function cspDirectives(headers: Headers): Map<string, string[]> {
  const header = headers['content-security-policy']
  expect(typeof header, 'one content-security-policy header').toBe('string')
  const directives = new Map<string, string[]>()
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name, sources)
  }
  return directives
}

/** The nonce the policy allows for scripts, which must also be the one for styles. */
export function cspNonceOf(headers: Headers): string {
  const directives = cspDirectives(headers)
  const nonces = (name: string) => (directives.get(name) ?? []).filter((source) => source.startsWith("'nonce-"))
  const [script] = nonces('script-src')
  expect(nonces('script-src')).toHaveLength(1)
  expect(nonces('style-src')).toEqual([script])
  return script!.slice("'nonce-".length, -1)
}

/** The strict policy every answer carries; `formAction` lists the sources beyond 'self'. */
export function expectStrictPolicy(headers: Headers, formAction: string[] = []): void {
  const directives = cspDirectives(headers)
  const nonce = cspNonceOf(headers)
  expect(Object.fromEntries(directives)).toEqual({
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'form-action': ["'self'", ...formAction],
  })
  expect(String(headers['content-security-policy'])).not.toContain('unsafe-inline')
}

/** Every `nonce="…"` attribute in an HTML page. */
export function nonceAttributes(html: string): string[] {
  return [...html.matchAll(/\snonce="([^"]*)"/g)].map((match) => match[1]!)
}
