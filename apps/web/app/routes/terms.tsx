import { LegalPage } from '../features/platform/components/legal-page'
import { routeMeta } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import type { ScriptsHandle } from '../lib/scripts-after-load'
import type { Route } from './+types/terms'

/** Read and used without scripts: they start at the first touch (decision 113). */
export const handle: ScriptsHandle = { scriptsAtFirstTouch: true }

export const meta: Route.MetaFunction = (args) => routeMeta('Terms', args)

/** The platform's terms of use, linked from every shop's footer (docs/product.md §2). */
export default function Terms() {
  const { platform } = useSite()
  return (
    <LegalPage title={`${platform.name} terms of use`}>
      <p>
        {platform.name} hosts online shops. Each shop is run by its own owner, who sets its products, prices,
        delivery rates, payment options and return policy. These terms cover using the shops hosted here.
      </p>
      <h2>Buying from a shop</h2>
      <ul>
        <li>Your contract of sale is with the shop you order from, not with {platform.name}.</li>
        <li>
          Prices are checked again when you place an order; the order page shows what you were charged. An order
          may be canceled by you while it is still placed, and by the shop until it is dispatched.
        </li>
        <li>Questions about an order, a delivery or a return go to the shop: see its About page.</li>
      </ul>
      <h2>Accounts</h2>
      <ul>
        <li>One account works in every shop on {platform.name}. Keep your password to yourself.</li>
        <li>Reviews must be about an order you received, honest and free of abuse; shops may hide reviews that are not.</li>
      </ul>
      <h2>Running a shop</h2>
      <ul>
        <li>Shop owners are responsible for what they sell and for the staff they invite.</li>
        <li>Shops must not sell anything that is illegal where they or their customers are.</li>
      </ul>
    </LegalPage>
  )
}
