import type { ReactNode } from 'react'

/** Full-width message for 404s and failures. */
export function StatusPage({ code, title, children }: { code: number; title: string; children?: ReactNode }) {
  return (
    <section className="status-page" aria-labelledby="status-title">
      <p className="status-code">{code}</p>
      <h1 id="status-title">{title}</h1>
      {children}
    </section>
  )
}
