/**
 * Compresses answers on the fly for clients that ask (`Accept-Encoding`), brotli first, then gzip: the
 * server-rendered pages and the API's JSON above 1 KB. What is already encoded passes as it is: the built
 * assets' precompressed files (web/ssr.ts serves them) carry their `Content-Encoding`, and images are
 * not among the compressible types. Streams stay streams: every chunk the page renderer writes is
 * flushed through, so the browser gets the head of a page before its end is rendered.
 */
import zlib from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export const COMPRESSION_THRESHOLD = 1024

export default fp(async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Quality 4 costs about as much CPU as gzip for a smaller result; 11 is for build time.
    brotliOptions: {
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    },
    zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH, level: 6 },
  })
})
