import { Link } from 'react-router'
import { SocialLinks } from '../components/social-links'
import { WhatsAppChat } from '../components/whatsapp-chat'
import { PickupPlace } from '../components/delivery-fields'
import { routeMeta } from '../lib/page-meta'
import { notFound } from '../lib/route-errors'
import { useSite } from '../lib/use-site'
import type { ScriptsHandle } from '../lib/scripts-after-load'
import type { Route } from './+types/about'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export function loader({ context }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  return null
}

/** Read and used without scripts: they start at the first touch (decision 113). */
export const handle: ScriptsHandle = { scriptsAtFirstTouch: true }

export const meta: Route.MetaFunction = (args) => routeMeta('About us', args)

const sections = [
  { id: 'payments', title: 'Payments', fallback: 'Pay on delivery or when you pick up your order.' },
  { id: 'returns', title: 'Returns', fallback: 'Contact the shop about returns and exchanges.' },
  { id: 'contact', title: 'Contact', fallback: 'Reach the shop through its social pages.' },
] as const

/** About the shop, with the #payments, #returns and #contact sections (docs/product.md §2). */
export default function About() {
  const shop = useSite().shop!
  const about = shop.about.trim()
  return (
    <article className="about-page" aria-labelledby="about-title">
      <h1 id="about-title">About {shop.title}</h1>
      {shop.tagline.trim() && <p className="lead">{shop.tagline.trim()}</p>}
      {about ? <p className="prose">{about}</p> : <p>{shop.title} has not told its story yet.</p>}
      <nav aria-label="On this page" className="about-toc">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section) => {
        const text = shop.aboutSections[section.id].trim()
        return (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="about-section">
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            <p className="prose">{text || section.fallback}</p>
            {section.id === 'contact' && (
              <>
                {shop.offersPickup && shop.pickupAddress && (
                  <div id="pick-up" className="about-pickup">
                    <h3>Pick-up</h3>
                    <PickupPlace shop={shop} />
                  </div>
                )}
                <SocialLinks shop={shop} />
                <WhatsAppChat number={shop.whatsapp} />
              </>
            )}
          </section>
        )
      })}
      <p>
        <Link to="/reviews">Read what our customers say</Link>
      </p>
    </article>
  )
}
