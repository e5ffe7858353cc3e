/**
 * Options named once ("Size: S, M, L" and "Colour: Red, Blue") and the variants they make: every
 * combination, in the order the values were written (S/Red, S/Blue, M/Red …).
 */
export const MAX_OPTIONS = 3

export type VariantOption = { name: string; values: string[] }

/** "S, M, L" → ['S', 'M', 'L']: trimmed, blanks dropped, repeats (any case) kept once. */
export function parseOptionValues(text: string): string[] {
  const seen = new Set<string>()
  const values: string[] = []
  for (const raw of text.split(',')) {
    const value = raw.trim()
    if (!value || seen.has(value.toLowerCase())) continue
    seen.add(value.toLowerCase())
    values.push(value)
  }
  return values
}

/**
 * Every combination of the options' values, as the `features` of a variant; options without a name or
 * values are skipped. No options: no variants.
 */
export function variantCombinations(options: readonly VariantOption[]): Record<string, string>[] {
  const usable = options.filter((option) => option.name.trim() && option.values.length > 0)
  if (usable.length === 0) return []
  return usable.reduce<Record<string, string>[]>(
    (combinations, option) => combinations.flatMap((features) => option.values.map((value) => ({ ...features, [option.name.trim()]: value }))),
    [{}],
  )
}

/** The options a product's variants already use: each feature name with its values in first-seen order. */
export function optionsOf(variants: readonly { features: Record<string, string> }[]): VariantOption[] {
  const options = new Map<string, string[]>()
  for (const variant of variants) {
    for (const [name, value] of Object.entries(variant.features)) {
      const values = options.get(name) ?? []
      if (!values.includes(value)) values.push(value)
      options.set(name, values)
    }
  }
  return [...options].map(([name, values]) => ({ name, values }))
}
