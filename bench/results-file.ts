/**
 * bench/results.md: `npm run bench` writes the part above the first `## ` heading; other benches
 * (`npm run bench:cluster`) each own a `## ` section below it. Each writer keeps what the others wrote.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

const file = path.resolve(import.meta.dirname, 'results.md')
const read = () => fs.readFile(file, 'utf8').catch(() => '# Benchmark results\n')

/** Splits the file into its main part and its `## ` sections (each with its heading line). */
function parts(text: string): { main: string; sections: string[] } {
  const [main, ...sections] = text.split(/^(?=## )/m)
  return { main: main ?? '', sections }
}

/** Replaces the main part (npm run bench's), keeping every section. */
export async function writeMainResults(text: string): Promise<void> {
  const { sections } = parts(await read())
  await fs.writeFile(file, [text.trimEnd() + '\n\n', ...sections].join('').trimEnd() + '\n')
}

/** Replaces the section under `## {heading}`, or adds it at the end, keeping the rest. */
export async function writeResultsSection(heading: string, body: string): Promise<void> {
  const { main, sections } = parts(await read())
  const section = `## ${heading}\n\n${body.trim()}\n\n`
  const at = sections.findIndex((s) => s.startsWith(`## ${heading}\n`))
  if (at >= 0) sections[at] = section
  else sections.push(section)
  // The file's last section lost its blank line when the file was written; each section keeps one.
  await fs.writeFile(file, [main, ...sections].map((part) => `${part.trimEnd()}\n\n`).join('').trimEnd() + '\n')
}
