import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { HELD, WAITING } from './scripts-after-load'

/** The page's two script-starting tags and what they wait as (see scripts-after-load.ts). */
const REWRITES: [string, string][] = [
  [HELD.preload, WAITING.preload],
  [HELD.module, WAITING.module],
]

const rewrite = (text: string) => REWRITES.reduce((result, [from, to]) => result.replaceAll(from, to), text)

/** The server side: the page's HTML with its script tags waiting for AFTER_LOAD_SCRIPT, streamed as it comes. */
export function scriptsAfterLoad(): Transform {
  // A tag (or a character) can be split between two chunks: an end that could start one waits for the next.
  const decoder = new StringDecoder('utf8')
  let held = ''
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk)
      const cut = partialStart(text)
      held = text.slice(cut)
      callback(null, rewrite(text.slice(0, cut)))
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()))
    },
  })
}

/** Where a trailing beginning of a rewritten tag starts in text (text.length when it ends with none). */
function partialStart(text: string): number {
  const longest = Math.max(...REWRITES.map(([from]) => from.length)) - 1
  for (let length = Math.min(longest, text.length); length > 0; length--) {
    const tail = text.slice(text.length - length)
    if (REWRITES.some(([from]) => from.startsWith(tail))) return text.length - length
  }
  return text.length
}
