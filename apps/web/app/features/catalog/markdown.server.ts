/**
 * Product descriptions are Markdown, rendered on the server so the parser never ships to the browser.
 * Safe by construction: raw HTML is escaped (html: false), links only to http(s), mailto and tel (the
 * parser's own check drops javascript: and data: URLs), no images (a description cannot load a third
 * party's pixel), headings moved under the page's own, and every link marked rel="nofollow ugc".
 */
import MarkdownIt from 'markdown-it'

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true })
md.disable(['image'])

const defaultLinkOpen: NonNullable<typeof md.renderer.rules.link_open> =
  md.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options))
md.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!
  const href = String(token.attrGet('href') ?? '')
  if (!/^(https?:|mailto:|tel:)/i.test(String(href))) token.attrSet('href', '#')
  token.attrSet('rel', 'nofollow ugc')
  return defaultLinkOpen(tokens, index, options, env, self)
}

// The page's title is its h1 and "Description" its h2: a description's headings start at h3.
for (const rule of ['heading_open', 'heading_close'] as const) {
  md.renderer.rules[rule] = (tokens, index, options, _env, self) => {
    const token = tokens[index]!
    token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`
    return self.renderToken(tokens, index, options)
  }
}

/** The description as safe HTML. */
export function renderMarkdown(text: string): string {
  return md.render(text)
}
