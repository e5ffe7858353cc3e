import type { ReactNode } from 'react'

/** One settings area: a titled panel holding its own form. */
export function SettingsSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="panel settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro && <p className="field-hint">{intro}</p>}
      {children}
    </section>
  )
}
