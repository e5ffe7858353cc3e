// Runs after `npm install` and `npm ci` (the root package's own postinstall; it downloads nothing).
//
// @react-router/dev 7 starts Vite servers of its own (its config loader, its child compiler) with
// `envFile: false`, which Vite 8.1 deprecates: every build printed "The `envFile` option is deprecated" up to
// nine times. React Router 8 passes `envDir: false` instead (remix-run/react-router#15230, the same meaning
// since Vite 6.3); the 7.x line was never given the fix, so it is made here in the installed copy, as that
// change makes it. Nothing happens once the installed version no longer says `envFile: false`.
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const packageDirs = ['apps/web/node_modules/@react-router/dev', 'node_modules/@react-router/dev'].map((dir) => path.join(root, dir))

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
}

for (const dir of packageDirs) {
  const dist = path.join(dir, 'dist')
  if (!fs.existsSync(dist)) continue
  for (const entry of filesUnder(dist)) {
    const file = path.join(entry.parentPath, entry.name)
    const text = fs.readFileSync(file, 'utf8')
    if (text.includes('envFile: false')) fs.writeFileSync(file, text.replaceAll('envFile: false', 'envDir: false'))
  }
}
