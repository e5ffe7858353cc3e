/** Orders, notifications and checkouts belong to a shop: on the platform's own host there is none. */
export function NoShop({ title }: { title: string }) {
  return (
    <section aria-labelledby="no-shop-title">
      <h1 id="no-shop-title">{title}</h1>
      <p>These are kept per shop. Open the shop you bought from to see them there.</p>
    </section>
  )
}
