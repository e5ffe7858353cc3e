import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ImageEditor } from './image-editor'

const render = (errors: Record<string, string>) =>
  renderToStaticMarkup(createElement(ImageEditor, { shop: 'shop-1', images: [], errors, onChange: () => {}, onPendingChange: () => {} }))

/** The attributes of the one `<input type="file">` in the markup. */
function fileInput(html: string): Record<string, string> {
  const tag = /<input[^>]*type="file"[^>]*>/.exec(html)?.[0] ?? ''
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]))
}

/** The text of the element with this id. */
const textOf = (html: string, id: string) => new RegExp(`id="${id.replace(/[^\w-]/g, '\\$&')}"[^>]*>([^<]*)<`).exec(html)?.[1]

describe('the image editor', () => {
  it('ties a message about the images to the file input', () => {
    const html = render({ images: 'Add at most 20' })
    const input = fileInput(html)
    expect(input['aria-invalid']).toBe('true')
    expect(input['aria-describedby']!.split(' ').map((id) => textOf(html, id))).toContain('Add at most 20')
  })

  it('describes the file input with its hint alone when all is well', () => {
    const html = render({})
    const input = fileInput(html)
    expect(input['aria-invalid']).toBeUndefined()
    expect(input['aria-describedby']!.split(' ').map((id) => textOf(html, id))).toEqual([
      expect.stringMatching(/^JPEG, PNG, WebP or AVIF/),
    ])
  })
})
