/**
 * "Did you mean …?" for a product search that found nothing: each word of the search that no title holds
 * is replaced by the most similar word of the titles a looser search found. Similarity is pg_trgm's
 * (shared trigrams of the padded, lower-cased words over all of them), so it agrees with the database.
 */

/** Words as pg_trgm splits them: runs of letters and digits. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `
  const found = new Set<string>()
  const chars = [...padded]
  for (let i = 0; i + 3 <= chars.length; i++) found.add(chars.slice(i, i + 3).join(''))
  return found
}

/** pg_trgm's similarity of two words, 0 to 1. */
export function wordSimilarity(a: string, b: string): number {
  const left = trigrams(a.toLowerCase())
  const right = trigrams(b.toLowerCase())
  let shared = 0
  for (const gram of left) if (right.has(gram)) shared++
  return shared / (left.size + right.size - shared)
}

/** A word closer than this is a likely misspelling ("choclate" and "chocolate": 0.58). */
export const SUGGESTION_SIMILARITY = 0.4

/**
 * Whether two words differ by two neighbouring letters swapped ("shrit" and "shirt"): the commonest typo,
 * and the one trigrams forgive least (0.2 there). Only for words of four letters or more.
 */
export function swappedLetters(a: string, b: string): boolean {
  const left = [...a.toLowerCase()]
  const right = [...b.toLowerCase()]
  if (left.length !== right.length || left.length < 4) return false
  const differ = left.flatMap((char, i) => (char === right[i] ? [] : [i]))
  return differ.length === 2 && differ[1] === differ[0]! + 1 && left[differ[0]!] === right[differ[1]] && left[differ[1]] === right[differ[0]!]
}

/**
 * The search with its unknown words respelled from `titles`, or null when no word changes (every word is
 * found in a title, or none is near enough to one).
 */
export function suggestSearch(text: string, titles: readonly string[]): string | null {
  const words = searchWords(text)
  const known = [...new Set(titles.flatMap(searchWords))]
  const respelled = words.map((word) => {
    if (known.some((candidate) => candidate.includes(word))) return word
    const best = known
      // Two letters swapped counts as near as a word gets without being it.
      .map((candidate) => ({ word: candidate, score: swappedLetters(word, candidate) ? 0.99 : wordSimilarity(word, candidate) }))
      .filter(({ score }) => score >= SUGGESTION_SIMILARITY)
      // The first of the best scores wins a tie.
      .reduce<{ word: string; score: number } | null>((top, next) => (top && top.score >= next.score ? top : next), null)
    return best ? best.word : word
  })
  // A respelled word is never the word itself: a title containing it returns it above.
  return respelled.some((word, i) => word !== words[i]) ? respelled.join(' ') : null
}
