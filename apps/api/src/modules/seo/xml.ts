/** XML text for the sitemap and the catalog feed: every value escaped, characters XML 1.0 forbids dropped. */

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

// Control characters other than tab and line breaks, lone surrogates, and U+FFFE/U+FFFF are not XML.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => entities[char]!)
}

/** `<name>text</name>`, or nothing for an empty value. */
export function element(name: string, value: string | null | undefined): string {
  return value ? `<${name}>${escapeXml(value)}</${name}>` : ''
}
