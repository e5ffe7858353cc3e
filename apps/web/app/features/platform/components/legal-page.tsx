import type { ReactNode } from 'react'

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="legal-page" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      {children}
    </article>
  )
}
