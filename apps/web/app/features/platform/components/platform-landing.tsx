import { Link } from 'react-router'

/** The provider's own home page (docs/architecture.md §3): what the platform is, and the way to open a shop. */
export function PlatformLanding({ name }: { name: string }) {
  return (
    <>
      <section className="hero" aria-labelledby="platform-title">
        <h1 id="platform-title">{name}</h1>
        <p className="hero-tagline">Open your online shop in minutes.</p>
        <p className="hero-about">
          {name} gives your shop its own storefront with products, a cart and checkout by delivery or pick-up,
          discount codes, reviews and notifications — and a dashboard where your staff run orders, stock,
          delivery rates and payouts.
        </p>
        <p>
          <Link to="/setup" className="button button-primary">
            Create your shop
          </Link>
        </p>
      </section>
      <section className="features" aria-label="What you get">
        <ul>
          <li>
            <h2>A storefront on your own address</h2>
            <p>Every shop gets its own site, ready for search engines and for sharing on social media.</p>
          </li>
          <li>
            <h2>Orders from start to finish</h2>
            <p>Follow each order from placed to delivered, with delivery rates for every region.</p>
          </li>
          <li>
            <h2>Your team, your roles</h2>
            <p>Invite owners, administrators, managers and keepers, each seeing only what they need.</p>
          </li>
        </ul>
      </section>
    </>
  )
}
