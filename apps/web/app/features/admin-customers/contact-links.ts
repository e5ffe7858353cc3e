/**
 * How staff reach a customer from a phone: a call (`tel:` with the number as stored, international form)
 * and a WhatsApp chat (`https://wa.me/` takes the number's digits only, no "+", no spaces).
 */

export function callHref(phone: string): string | null {
  const number = phone.replace(/[^\d+]/g, '')
  return number.replace(/\D/g, '').length >= 6 ? `tel:${number}` : null
}

export function whatsAppHref(phone: string, text?: string): string | null {
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 6) return null
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`
}

/** Tags as typed in one box, comma separated: trimmed, blanks and repeats (any case) left out. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>()
  const tags: string[] = []
  for (const part of text.split(',')) {
    const tag = part.trim().replace(/\s+/g, ' ')
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase())
      tags.push(tag)
    }
  }
  return tags
}
