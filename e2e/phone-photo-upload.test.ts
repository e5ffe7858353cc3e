/**
 * A phone photo of 12 MB uploads from the product editor: the browser shrinks it first (at most 2000 px,
 * upright, well under 1 MB), the preview shows while it uploads, and the shop keeps it (decision 86).
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { demo, logInPage, useBrowser, useServer, watchCspViolations, withPage } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

const main = (page: Page) => page.getByRole('main')

/**
 * A 4000 × 3000 JPEG at high quality, light on grain as a phone's sensor is (noise over a gradient: it
 * hardly compresses, about 12 MB), taken with the phone on its side: its EXIF orientation 6 says to turn
 * it a quarter clockwise, so upright it is 3000 wide and 4000 high.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000
  const height = 3000
  const pixels = randomBytes(width * height * 3)
  for (let i = 0; i < pixels.length; i++) {
    const pixel = Math.floor(i / 3)
    const x = pixel % width
    const y = Math.floor(pixel / width)
    const base = [60 + (120 * x) / width, 80 + (100 * y) / height, 140][i % 3]!
    pixels[i] = Math.max(0, Math.min(255, base + (pixels[i]! - 128) * 0.35))
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** The file part of a multipart body. */
function filePart(body: Buffer, contentType: string): Buffer {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType)
  assert.ok(boundary, `a multipart body: ${contentType}`)
  const delimiter = `--${boundary[1] ?? boundary[2]}`
  const start = body.indexOf('\r\n\r\n', body.indexOf(delimiter)) + 4
  const end = body.indexOf(`\r\n${delimiter}`, start)
  return body.subarray(start, end)
}

describe('a photo from a phone', () => {
  it('is shrunk in the browser before it uploads, shows its preview, and is kept', async () => {
    const photo = await phonePhoto()
    assert.ok(photo.length > 11 * 1024 * 1024 && photo.length < 16 * 1024 * 1024, `the photo is ${photo.length} bytes`)
    await withPage(browser(), async (page) => {
      const violations = await watchCspViolations(page)
      await logInPage(server(), page, demo.owner)
      await page.setViewportSize({ width: 360, height: 740 })
      await page.goto(`${server().shopUrl(demo.slug)}/admin/products/new`)
      await main(page).getByRole('heading', { level: 1, name: 'New product' }).waitFor()

      // The upload is held until the preview has been looked at, and what it carries is kept.
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      let received: (sent: { body: Buffer; type: string }) => void = () => {}
      const sending = new Promise<{ body: Buffer; type: string }>((resolve) => (received = resolve))
      await page.route('**/api/uploads?**', async (route) => {
        const request = route.request()
        received({ body: request.postDataBuffer() ?? Buffer.alloc(0), type: (await request.allHeaders())['content-type'] ?? '' })
        await held
        await route.continue()
      })
      await main(page).getByLabel('Add images').setInputFiles([{ name: 'IMG_20260412_101500.jpg', mimeType: 'image/jpeg', buffer: photo }])

      const preview = main(page).locator('img.upload-preview')
      await preview.waitFor()
      assert.match((await preview.getAttribute('src')) ?? '', /^blob:/)
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('main img.upload-preview')
        return image !== null && image.complete && image.naturalWidth > 0
      })
      await main(page).getByRole('progressbar', { name: 'Uploading IMG_20260412_101500.jpg' }).waitFor()
      const { body, type } = await sending
      release()
      await main(page).getByRole('textbox', { name: 'Alt text for image 1' }).waitFor()
      await page.unroute('**/api/uploads?**')

      const file = filePart(body, type)
      assert.ok(file.length < 1024 * 1024, `the upload carried ${file.length} bytes`)
      const meta = await sharp(file).metadata()
      assert.ok(meta.format === 'webp' || meta.format === 'jpeg', `sent as ${meta.format}`)
      assert.ok(Math.max(meta.width, meta.height) <= 2000, `sent at ${meta.width} × ${meta.height}`)
      // Upright: the photo's orientation was applied before it was drawn smaller.
      assert.deepEqual([meta.width, meta.height, meta.orientation ?? 1], [1500, 2000, 1])

      // Nothing was blocked on the way: the preview's blob: address is allowed for images.
      assert.deepEqual(violations(), [])
    })
  })
})
