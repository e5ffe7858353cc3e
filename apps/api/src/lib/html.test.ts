import { describe, expect, it } from 'vitest'
import { escapeHtml, html } from './html'

describe('html', () => {
  it('escapes every interpolated value for element content and quoted attributes', () => {
    const value = `"><script>alert('x')</script>&`
    expect(html`<a title="${value}">${value}</a>`.markup).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</a>',
    )
    expect(escapeHtml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &#39; f')
  })

  it('inserts its own fragments and lists of them as they are, and nothing for null, undefined and false', () => {
    const item = (text: string) => html`<li>${text}</li>`
    expect(html`<ul>${['<b>', 'ok'].map(item)}</ul>${null}${undefined}${false}${0}`.markup).toBe('<ul><li>&lt;b&gt;</li><li>ok</li></ul>0')
  })

  it('leaves the template text itself alone', () => {
    expect(html`<style>body{font:16px "Segoe UI"}</style>`.markup).toBe('<style>body{font:16px "Segoe UI"}</style>')
  })
})
