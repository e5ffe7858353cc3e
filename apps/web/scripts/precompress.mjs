/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file of the client build, at the
 * highest levels (done once per build, not per request). The server sends the copy a client accepts
 * (@fastify/static's `preCompressed`), with `Vary: Accept-Encoding`. Images and fonts are already
 * compressed and are left alone, as are files too small to gain anything.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const TEXT_FILES = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/
const MIN_BYTES = 1024

// The client build, or the folder given: `node scripts/precompress.mjs [folder]`.
const clientDir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'client'))

function* textFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* textFiles(file)
    else if (TEXT_FILES.test(entry.name)) yield file
  }
}

let count = 0
for (const file of textFiles(clientDir)) {
  const source = fs.readFileSync(file)
  if (source.length < MIN_BYTES) continue
  const brotli = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  })
  fs.writeFileSync(`${file}.br`, brotli)
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION }))
  count += 1
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), clientDir)} (brotli, gzip)`)
