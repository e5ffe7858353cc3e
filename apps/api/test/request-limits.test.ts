/**
 * Requests past the size limits answer in the error shape with their own status: 413 for a body (Fastify's
 * limit), 431 for headers (Node's HTTP parser, before Fastify sees the request, so tested on a real socket).
 */
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { errorBody, setupApp } from './helpers'

const ctx = await setupApp()

/** Sends raw bytes to the listening app and answers everything it writes back until it closes the connection. */
async function rawExchange(request: string): Promise<{ status: number; headers: string; body: string }> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 }).catch((error: Error & { code?: string }) => {
    if (error.code !== 'FST_ERR_REOPENED_SERVER') throw error
  })
  const { port } = ctx.app.server.address() as net.AddressInfo
  const socket = net.connect(port, '127.0.0.1')
  let text = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (text += chunk))
  const closed = new Promise<void>((resolve, reject) => {
    socket.on('close', () => resolve())
    socket.on('error', reject)
  })
  socket.write(request)
  await closed
  const [head = '', body = ''] = text.split('\r\n\r\n')
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body }
}

describe('request limits', () => {
  it('answers a body over the limit with 413 PayloadTooLarge in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${'a'.repeat(40)}` },
      payload: JSON.stringify({ name: 'x'.repeat(ctx.app.config.bodyLimit) }),
    })
    // Anonymous: the token is unknown, so authentication answers first.
    expect(response.statusCode).toBe(401)
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { code: 'x'.repeat(ctx.app.config.bodyLimit) },
    })
    expect(token.statusCode).toBe(413)
    expect(errorBody(token)).toEqual({ name: 'PayloadTooLarge', message: 'Request body is too large', code: 413, className: 'payload-too-large' })
  })

  it('answers headers over the limit with a real HTTP 431 whose body is in the error shape', async () => {
    const response = await rawExchange(
      `GET /api/shops/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'x'.repeat(64 * 1024)}\r\n\r\n`,
    )
    expect(response.status).toBe(431)
    expect(response.headers).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/)
    expect(response.headers).toMatch(/\r\nContent-Type: application\/json; charset=utf-8(\r\n|$)/i)
    const length = Number(/\r\nContent-Length: (\d+)/i.exec(response.headers)?.[1])
    expect(length).toBe(Buffer.byteLength(response.body))
    expect(JSON.parse(response.body)).toEqual({
      name: 'RequestHeaderFieldsTooLarge',
      message: 'Request headers are too large',
      code: 431,
      className: 'request-header-fields-too-large',
    })
  })

  it('answers a request the HTTP parser cannot read with a 400 in the error shape', async () => {
    const response = await rawExchange('GET /api/shops/ HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n')
    expect(response.status).toBe(400)
    expect(JSON.parse(response.body)).toMatchObject({ name: 'BadRequest', code: 400, className: 'bad-request' })
  })
})

/** The listening app's port. */
async function listeningPort(): Promise<number> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 }).catch((error: Error & { code?: string }) => {
    if (error.code !== 'FST_ERR_REOPENED_SERVER') throw error
  })
  return (ctx.app.server.address() as net.AddressInfo).port
}

/** Sends a request's head and then its whole body in 64 KB pieces, as a client does before it reads any answer. */
async function sendWhole(head: string, pieces: Iterable<string | Buffer>): Promise<{ writeErrors: string[]; response: string }> {
  const socket = net.connect(await listeningPort(), '127.0.0.1')
  const writeErrors: string[] = []
  let response = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (response += chunk))
  socket.on('error', (error: NodeJS.ErrnoException) => writeErrors.push(error.code ?? error.message))
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.write(head)
  for (const piece of pieces) {
    if (socket.destroyed) {
      writeErrors.push('closed while sending')
      break
    }
    if (!socket.write(piece)) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve))
  }
  socket.end()
  await closed
  return { writeErrors, response }
}

function* repeat<T>(piece: T, times: number): Iterable<T> {
  for (let i = 0; i < times; i++) yield piece
}

describe('an oversized body', () => {
  it('is read to its end before the 413 goes out, so the client finishes sending and reads the answer', async () => {
    const piece = Buffer.alloc(64 * 1024, 'x')
    const { writeErrors, response } = await sendWhole(
      `POST /api/orders/?shop=00000000-0000-4000-8000-000000000000&email=a%40b.co HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${80 * piece.length}\r\nConnection: close\r\n\r\n`,
      repeat(piece, 80),
    )
    expect(writeErrors).toEqual([])
    expect(response).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/)
    expect(JSON.parse(response.split('\r\n\r\n')[1]!)).toMatchObject({ name: 'PayloadTooLarge', code: 413 })
  })

  it('of unknown length (chunked) is answered the same way', async () => {
    const piece = 'x'.repeat(64 * 1024)
    const { writeErrors, response } = await sendWhole(
      'POST /api/token/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
      [...repeat(`${piece.length.toString(16)}\r\n${piece}\r\n`, 40), '0\r\n\r\n'],
    )
    expect(writeErrors).toEqual([])
    expect(response).toMatch(/^HTTP\/1\.1 413 /)
  })
})
