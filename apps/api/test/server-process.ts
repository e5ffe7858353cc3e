/**
 * The real server process for tests: started with `node --import tsx apps/api/src/server.ts` on a free
 * port of 127.0.0.1, its output kept, and a request that stays in flight until told to finish.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import { repoRoot } from '../src/paths'

export { freePort } from './postgres-processes'

export function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', WEB_BUILD_DIR: 'off', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000)
    child.stdout!.on('data', () => {
      if (output.includes('is running')) {
        clearTimeout(timer)
        resolve({ child, output: () => output })
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
}

/** Sends a request whose body arrives in two halves, so it is still in flight in between. */
export function slowRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1')
  let response = ''
  socket.on('data', (chunk) => (response += chunk))
  const done = new Promise<string>((resolve) => socket.on('close', () => resolve(response)))
  socket.write(
    `POST /api/token/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
  )
  socket.write(body.slice(0, 10))
  return { finish: () => socket.write(body.slice(10)), done }
}
