/**
 * Placeholder product pictures drawn locally (no network): an SVG with a soft background whose colour comes
 * from the title, a simple shape and the title itself, rendered to PNG by sharp and uploaded by the seed.
 */
import { loadSharp } from '../lib/sharp'

const SIDE = 800

/** A stable 32-bit FNV-1a hash, so a title always gets the same colours and shape. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Greedy word wrap; a single over-long word stays on its own line. */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines
}

function shape(kind: number, cx: number, cy: number, r: number, fill: string): string {
  switch (kind % 5) {
    case 0:
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`
    case 1:
      return `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" rx="${r / 4}" fill="${fill}"/>`
    case 2:
      return `<polygon points="${cx},${cy - r} ${cx + r},${cy + r * 0.8} ${cx - r},${cy + r * 0.8}" fill="${fill}"/>`
    case 3:
      return `<polygon points="${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}" fill="${fill}"/>`
    default: {
      const points = Array.from({ length: 6 }, (_, i) => {
        const a = (Math.PI / 3) * i + Math.PI / 6
        return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`
      })
      return `<polygon points="${points.join(' ')}" fill="${fill}"/>`
    }
  }
}

/** `view` 0 is the main picture, 1 a "detail" shot with a different composition. */
export function productSvg(title: string, view = 0): string {
  const hash = hashText(title)
  const hue = hash % 360
  const accent = (hue + 35 + ((hash >>> 9) % 50)) % 360
  const background = `hsl(${hue}, 45%, ${view ? 84 : 90}%)`
  const stripes = Array.from({ length: 4 }, (_, i) => {
    const y = 40 + i * 26
    return `<rect x="0" y="${y}" width="${SIDE}" height="10" fill="hsl(${(accent + i * 20) % 360}, 50%, 75%)" opacity="0.55"/>`
  }).join('')
  const main = view
    ? shape(hash >>> 3, 300, 360, 190, `hsl(${hue}, 42%, 52%)`) + shape((hash >>> 3) + 2, 520, 420, 120, `hsl(${accent}, 48%, 60%)`)
    : shape(hash >>> 3, 400, 370, 180, `hsl(${hue}, 42%, 55%)`) +
      `<circle cx="400" cy="370" r="60" fill="hsl(${accent}, 55%, 82%)" opacity="0.85"/>`
  const lines = wrapWords(title, 22).slice(0, 3)
  const fontSize = 46
  const firstY = 660 - ((lines.length - 1) * fontSize * 1.15) / 2
  const text = lines
    .map((line, i) => `<tspan x="400" y="${(firstY + i * fontSize * 1.15).toFixed(0)}">${escapeXml(line)}</tspan>`)
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">` +
    `<rect width="${SIDE}" height="${SIDE}" fill="${background}"/>${stripes}${main}` +
    `<text font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="600" ` +
    `text-anchor="middle" fill="hsl(${hue}, 30%, 22%)">${text}</text></svg>`
  )
}

/** A round monogram logo: the initials of the shop's name on a kente-coloured ring. */
export function logoSvg(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 2)
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">` +
    `<circle cx="256" cy="256" r="250" fill="#d4a017"/><circle cx="256" cy="256" r="222" fill="#0b6e4f"/>` +
    `<circle cx="256" cy="256" r="200" fill="#fdf6e3"/>` +
    `<text x="256" y="300" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="150" ` +
    `font-weight="700" text-anchor="middle" fill="#7a1f1f">${escapeXml(initials)}</text></svg>`
  )
}

/**
 * Pictures are uploaded at 640 px at most: each upload is stored in every width up to its own in two
 * formats (decision 42), and the demo's fifty-odd pictures need no more to look sharp on a phone.
 */
const UPLOAD_SIDE = 640

export async function renderSvg(svg: string): Promise<Buffer> {
  const sharp = await loadSharp()
  return sharp(Buffer.from(svg)).resize({ width: UPLOAD_SIDE, withoutEnlargement: true }).png({ compressionLevel: 3 }).toBuffer()
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** Renders each SVG to PNG, a few at a time: the files the demo's staff then upload. */
export function renderSvgImages(svgs: readonly string[], concurrency = 4): Promise<Buffer[]> {
  return mapLimit(svgs, concurrency, renderSvg)
}
