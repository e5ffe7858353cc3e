import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { scriptsAfterLoad } from './scripts-after-load.server'

const page =
  '<!DOCTYPE html><html><head><title>Café – Accra</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-b.js" nonce="n"/></head><body><p>Shea butter</p>' +
  '<link rel="icon" href="/favicon.svg"/><script nonce="n">window.__context = {"type":"module"}</script>' +
  '<script nonce="n" type="module" async="">import "/assets/root-b.js";import("/assets/entry.client-a.js")</script></body></html>'
const expected =
  '<!DOCTYPE html><html><head><title>Café – Accra</title>' +
  '<link rel="x-modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<link rel="x-modulepreload" href="/assets/root-b.js" nonce="n"/></head><body><p>Shea butter</p>' +
  '<link rel="icon" href="/favicon.svg"/><script nonce="n">window.__context = {"type":"module"}</script>' +
  '<script nonce="n" type="x-module">import "/assets/root-b.js";import("/assets/entry.client-a.js")</script></body></html>'

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(scriptsAfterLoad()))
}

describe('scriptsAfterLoad', () => {
  it('holds back the module preloads and the module script, and leaves the rest of the page as it was', async () => {
    expect(await through([Buffer.from(page)])).toBe(expected)
  })

  it('finds a tag split across chunks at every position, and keeps characters split across chunks whole', async () => {
    const bytes = Buffer.from(page)
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected)
    }
  })

  it('passes a page without script tags through unchanged, byte by byte', async () => {
    const plain = '<html><body><p>type="module"</p><link rel="modulepre</body></html>'
    const bytes = Buffer.from(plain)
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(plain)
  })
})
