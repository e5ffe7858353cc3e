import type { AdminTab } from '@shop/domain'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { NavLink, useLocation } from 'react-router'

type More = { before: boolean; after: boolean }

/**
 * docs/product.md §2 admin navigation: a sidebar with the role's tabs and Go to site; below 768px the same links
 * form a top bar that scrolls sideways. There, the current tab is scrolled into view, and an edge that
 * hides tabs fades out behind an arrow that scrolls to them, so no tab is out of sight without a hint.
 * Keyboard users reach every link with Tab (the strip scrolls to the focused one); the arrows are for
 * fingers and pointers only.
 */
export function AdminNav({ shopTitle, tabs }: { shopTitle: string; tabs: readonly AdminTab[] }) {
  const strip = useRef<HTMLUListElement>(null)
  const [more, setMore] = useState<More>({ before: false, after: false })
  const { pathname } = useLocation()

  const measure = useCallback(() => {
    const list = strip.current
    if (!list) return
    // Only a strip wider than its box hides tabs (the sidebar never does); a pixel of slack for rounding.
    const before = list.scrollLeft > 1
    const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1
    setMore((last) => (last.before === before && last.after === after ? last : { before, after }))
  }, [])

  useEffect(() => {
    const list = strip.current
    if (!list) return
    measure()
    list.addEventListener('scroll', measure, { passive: true })
    const resized = new ResizeObserver(measure)
    resized.observe(list)
    return () => {
      list.removeEventListener('scroll', measure)
      resized.disconnect()
    }
  }, [measure, tabs])

  // The current tab is in view whenever the address changes (a phone opening Settings sees Settings lit).
  useLayoutEffect(() => {
    const list = strip.current
    const current = list?.querySelector<HTMLElement>('a[aria-current="page"]')
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    const left = current.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft
    const right = left + current.offsetWidth
    if (left < list.scrollLeft || right > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, left - (list.clientWidth - current.offsetWidth) / 2)
    }
    measure()
  }, [pathname, measure])

  const scrollBy = (direction: 1 | -1) => {
    const list = strip.current
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' })
  }

  return (
    <nav className="admin-nav" aria-label="Admin">
      <p className="admin-nav-shop">{shopTitle}</p>
      <div className="admin-nav-strip" data-more-before={more.before || undefined} data-more-after={more.after || undefined}>
        <ul ref={strip}>
          {tabs.map((tab) => (
            <li key={tab.path}>
              <NavLink to={`/admin/${tab.path}`}>{tab.label}</NavLink>
            </li>
          ))}
          <li className="admin-nav-site">
            <a href="/">Go to site</a>
          </li>
        </ul>
        {more.before && (
          <button type="button" className="admin-nav-more admin-nav-more-before" tabIndex={-1} aria-hidden="true" onClick={() => scrollBy(-1)}>
            ‹
          </button>
        )}
        {more.after && (
          <button type="button" className="admin-nav-more admin-nav-more-after" tabIndex={-1} aria-hidden="true" onClick={() => scrollBy(1)}>
            ›
          </button>
        )}
      </div>
    </nav>
  )
}
