/** Upload bodies for the upload tests: a real image and a multipart body carrying a file. */
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'

/** A multipart body with one file part (and optional plain fields). */
export function multipart(content: Buffer, filename = 'photo.png', contentType = 'image/png', fields: Record<string, string> = {}) {
  const boundary = `----shop-test-${randomBytes(8).toString('hex')}`
  const parts = Object.entries(fields).map(
    ([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  )
  return {
    payload: Buffer.concat([...parts, head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } }).png().toBuffer()
