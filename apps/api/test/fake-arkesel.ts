/**
 * A local stand-in for Arkesel's SMS API v2 (`POST /api/v2/sms/send`) on 127.0.0.1 and a random port: it
 * checks the `api-key` header and the body as Arkesel does, records every request, and can be told to
 * refuse (an error status, as for a low balance) or to drop the connection (as if Arkesel were down).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type SentSms = { sender: string; message: string; recipients: string[] }
export type ArkeselFailure = 'down' | 'no-balance' | null

export type FakeArkesel = {
  url: string
  apiKey: string
  sent: SentSms[]
  requests: { path: string; apiKey: string | undefined }[]
  fail(failure: ArkeselFailure): void
  close(): Promise<void>
}

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

export async function startFakeArkesel(apiKey = 'T2xkQXJrZXNlbEtleUZvclRlc3Rz'): Promise<FakeArkesel> {
  const sent: SentSms[] = []
  const requests: FakeArkesel['requests'] = []
  let failure: ArkeselFailure = null
  let counter = 0

  // Node calls the listener without awaiting it; a failure surfaces as an unhandled rejection, which fails the run.
  const server = http.createServer((request, response) => void answer(request, response))
  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const path = request.url ?? '/'
    const key = request.headers['api-key'] as string | undefined
    requests.push({ path, apiKey: key })
    if (failure === 'down') return void response.socket?.destroy()
    if (request.method !== 'POST' || path !== '/api/v2/sms/send') return send(response, 404, { status: 'error', message: 'Not found' })
    if (key !== apiKey) return send(response, 401, { status: 'error', message: 'Invalid API key' })
    if (failure === 'no-balance') return send(response, 402, { status: 'error', message: 'Insufficient balance' })
    let body: Partial<SentSms>
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<SentSms>
    } catch {
      return send(response, 422, { status: 'error', message: 'Invalid JSON' })
    }
    const valid =
      typeof body.sender === 'string' &&
      body.sender.length <= 11 &&
      typeof body.message === 'string' &&
      Array.isArray(body.recipients) &&
      body.recipients.every((r) => /^\d{10,15}$/.test(r))
    if (!valid) return send(response, 422, { status: 'error', message: 'The given data was invalid.' })
    sent.push({ sender: body.sender!, message: body.message!, recipients: body.recipients! })
    return send(response, 200, { status: 'success', data: body.recipients!.map((recipient) => ({ recipient, id: `sms-${++counter}` })) })
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    sent,
    requests,
    fail: (next) => void (failure = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
