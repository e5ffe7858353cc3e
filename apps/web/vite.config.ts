import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

// The server bundle's entry is server/index.ts: it hands the API process the build together with the
// `createRequestHandler` of the same react-router copy (react-router resolves only from apps/web).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: isSsrBuild ? { rollupOptions: { input: './server/index.ts' } } : {},
}))
