import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown.server'

describe('renderMarkdown', () => {
  it('renders lists, emphasis and line breaks', () => {
    expect(renderMarkdown('- 100 % cotton\n- *hand* printed')).toBe('<ul>\n<li>100 % cotton</li>\n<li><em>hand</em> printed</li>\n</ul>\n')
    expect(renderMarkdown('**Soft**\nand light')).toBe('<p><strong>Soft</strong><br>\nand light</p>\n')
  })

  it('escapes raw HTML and drops scripts', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;')
  })

  it('marks links nofollow ugc and neutralises other schemes', () => {
    expect(renderMarkdown('[care](https://example.com/care)')).toBe('<p><a href="https://example.com/care" rel="nofollow ugc">care</a></p>\n')
    expect(renderMarkdown('see https://example.com')).toContain('<a href="https://example.com" rel="nofollow ugc">')
    const evil = renderMarkdown('[x](javascript:alert(1)) [y](data:text/html,hi) [z](/relative)')
    // Refused links stay as text, never as an href.
    expect(evil).not.toContain('href="javascript:')
    expect(evil).not.toContain('href="data:')
    expect(evil).not.toContain('href="/relative"')
  })

  it('shows no images and keeps headings below the page\'s own', () => {
    expect(renderMarkdown('![pixel](https://tracker.example/p.png)')).not.toContain('<img')
    expect(renderMarkdown('# Care\n## Wash')).toBe('<h3>Care</h3>\n<h4>Wash</h4>\n')
  })
})
