/**
 * A strict reader of the XML the server writes (declarations, elements, attributes, text, the five named
 * entities and numeric references; no DTDs, comments or CDATA): it throws on anything not well-formed, so
 * a test that reads a document also proves it parses, and answers the element tree.
 */
export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string }

const NAME = '[A-Za-z_][\\w.:-]*'
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(raw: string, where: number): string {
  if (/[<]/.test(raw)) throw new Error(`raw < at ${where}`)
  return raw.replace(/&([^;]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`unterminated entity at ${where}`)
    if (name in ENTITIES) return ENTITIES[name]!
    const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1] ?? /^#(\d+)$/.exec(name)?.[1]
    if (code === undefined) throw new Error(`unknown entity &${name}; at ${where}`)
    return String.fromCodePoint(name.startsWith('#x') ? parseInt(code, 16) : Number(code))
  })
}

export function readXml(source: string): XmlElement {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(source)) throw new Error('a character XML forbids')
  let at = 0
  const declaration = /^<\?xml [^?]*\?>\s*/.exec(source)
  if (declaration) at = declaration[0].length
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' }
  const stack = [root]
  const tag = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`, 'y')
  while (at < source.length) {
    const next = source.indexOf('<', at)
    const text = source.slice(at, next === -1 ? source.length : next)
    const top = stack.at(-1)!
    if (text.trim() && top === root) throw new Error(`text outside the root element at ${at}`)
    top.text += decode(text, at)
    if (next === -1) break
    tag.lastIndex = next
    const match = tag.exec(source)
    if (!match) throw new Error(`not a tag at ${next}: ${source.slice(next, next + 40)}`)
    const [whole, closing, name, rawAttributes, selfClosing] = match
    at = next + whole.length
    if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}> at ${next}`)
      stack.pop()
      continue
    }
    const attributes: Record<string, string> = {}
    for (const [, key, value] of rawAttributes!.matchAll(new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g'))) {
      if (key! in attributes) throw new Error(`attribute ${key} twice`)
      attributes[key!] = decode(value ?? '', next)
    }
    const element: XmlElement = { name: name!, attributes, children: [], text: '' }
    if (top === root && root.children.length) throw new Error('a second root element')
    top.children.push(element)
    if (!selfClosing) stack.push(element)
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is never closed`)
  if (root.children.length !== 1) throw new Error('no root element')
  return root.children[0]!
}

/** The child elements called `name`. */
export const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name)

/** The text of the first child called `name`, or undefined. */
export const childText = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text
