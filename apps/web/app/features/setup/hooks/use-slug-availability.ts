import { useEffect, useState } from 'react'
import { checkSlug } from '../../../api/shops/check-slug'
import { slugProblem } from '../shop-form'
import { api } from '../../../lib/api'

export type SlugCheck = { slug: string; state: 'checking' | 'available' | 'taken' | 'failed' }

const DEBOUNCE_MS = 400

/**
 * Whether a slug is still free, asked once typing pauses; null for a slug that is not valid anyway (its
 * rule is the message then). Answers for an older slug are dropped.
 */
export function useSlugAvailability(slug: string): SlugCheck | null {
  const [check, setCheck] = useState<SlugCheck | null>(null)
  const valid = slugProblem(slug) === null

  useEffect(() => {
    if (!valid) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      checkSlug(api, slug, controller.signal).then(
        ({ available }) => setCheck({ slug, state: available ? 'available' : 'taken' }),
        () => !controller.signal.aborted && setCheck({ slug, state: 'failed' }),
      )
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [slug, valid])

  if (!valid) return null
  return check?.slug === slug ? check : { slug, state: 'checking' }
}
