import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { storefrontChunks } from './storefront-chunks.ts'

// The server bundle's entry is server/index.ts: it hands the API process the build together with the
// `createRequestHandler` of the same react-router copy (react-router resolves only from apps/web).
// The browser bundle groups what the public pages share into a few files (storefront-chunks.ts).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: isSsrBuild
    ? { rolldownOptions: { input: './server/index.ts' } }
    : { rolldownOptions: { output: { codeSplitting: storefrontChunks() } } },
}))
