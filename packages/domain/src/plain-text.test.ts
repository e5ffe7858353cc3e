import { describe, expect, it } from 'vitest'
import { plainText } from './plain-text'

describe('plainText', () => {
  it('keeps the words of Markdown and drops its marks', () => {
    expect(plainText('# Kente\n\n**Handwoven** in _Bonwire_, see [the weavers](https://example.com).\n\n- 2 m long\n- `cotton`')).toBe(
      'Kente Handwoven in Bonwire, see the weavers. 2 m long cotton',
    )
  })

  it('keeps a picture’s alt text, a quote’s words and plain underscores inside words', () => {
    expect(plainText('> Soft\n\n![A blue stole](/uploads/a.jpg) size_large')).toBe('Soft A blue stole size_large')
  })
})
