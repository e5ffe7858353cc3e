/**
 * Resident memory of a running server: its primary process and each worker (the primary's children),
 * read from /proc (Linux), in MB. The bench reads it once the server is idle after starting and again
 * after its load, and reports the largest worker with the primary.
 */
import fs from 'node:fs/promises'

export type Resident = { primaryMb: number; workerMb: number; workers: number }

async function residentMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN)
  return Math.round(kb / 1024)
}

async function childrenOf(pid: number): Promise<number[]> {
  const text = await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')
  return text.split(/\s+/).filter(Boolean).map(Number)
}

export async function residentMemory(pid: number): Promise<Resident> {
  const workers = await childrenOf(pid)
  const sizes = await Promise.all(workers.map(residentMb))
  return { primaryMb: await residentMb(pid), workerMb: Math.max(0, ...sizes), workers: workers.length }
}

/** The memory lines of the results: one per database, idle and after the load. */
export function memoryLines(results: { label: string; memory: { idle: Resident; loaded: Resident } }[]): string[] {
  const lines = ['', '| database | resident memory | largest worker MB | primary MB | workers |', '|---|---|---:|---:|---:|']
  for (const { label, memory } of results) {
    for (const [when, m] of [['idle after start', memory.idle], ['after the load', memory.loaded]] as const) {
      lines.push(`| ${label} | ${when} | ${m.workerMb} | ${m.primaryMb} | ${m.workers} |`)
    }
  }
  lines.push('', 'Target: a worker at most 150 MB on PostgreSQL and 300 MB on PGlite, idle and after the load.')
  return lines
}
