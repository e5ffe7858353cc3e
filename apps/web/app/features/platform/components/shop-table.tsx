import type { PlatformShop } from '@shop/domain/schemas/platform'
import { Button } from '../../../components/ui/button'
import { formatMoney } from '../../../lib/money'
import { formatBytes, formatDay } from '../console'

type ShopTableProps = {
  shops: PlatformShop[]
  /** The platform's root domain, for each shop's own address. */
  shopUrl: (slug: string) => string
  onSuspend: (shop: PlatformShop) => void
  onRestore: (shop: PlatformShop) => void
}

/** Every shop of the page as a table row; on a narrow screen each row is a card of labelled values. */
export function ShopTable({ shops, shopUrl, onSuspend, onRestore }: ShopTableProps) {
  if (shops.length === 0) return <p className="platform-empty">No shop matches.</p>
  return (
    <div className="platform-table-wrap">
      <table className="platform-table">
        <caption className="visually-hidden">Shops</caption>
        <thead>
          <tr>
            <th scope="col">Shop</th>
            <th scope="col">Owner</th>
            <th scope="col">Created</th>
            <th scope="col">Products</th>
            <th scope="col">Orders (30 days)</th>
            <th scope="col">Sales (30 days)</th>
            <th scope="col">Storage</th>
            <th scope="col">Domains</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shops.map((shop) => (
            <tr key={shop._id} data-shop={shop.slug}>
              <th scope="row" data-label="Shop">
                <div>
                  <a href={shopUrl(shop.slug)}>{shop.title}</a>
                  <span className="platform-slug">{shop.slug}</span>
                </div>
              </th>
              <td data-label="Owner">{shop.owner ? shop.owner.email : '—'}</td>
              <td data-label="Created">{formatDay(shop.createdAt)}</td>
              <td data-label="Products">{shop.products}</td>
              <td data-label="Orders (30 days)">{shop.last30Days.orders}</td>
              <td data-label="Sales (30 days)">{formatMoney(shop.last30Days.sales.value, shop.last30Days.sales.currency)}</td>
              <td data-label="Storage">{formatBytes(shop.storageBytes)}</td>
              <td data-label="Domains">
                <div>
                  {shop.domains.length === 0
                    ? '—'
                    : shop.domains.map((domain) => (
                        <span key={domain.domain} className="platform-domain">
                          {domain.domain}
                          {domain.status === 'pending' && ' (pending)'}
                        </span>
                      ))}
                </div>
              </td>
              <td data-label="Status">
                <div>
                  {shop.suspension ? (
                    <span className="platform-status platform-status-suspended">Suspended</span>
                  ) : (
                    <span className="platform-status">Active</span>
                  )}
                  {shop.suspension && <span className="platform-reason">{shop.suspension.reason}</span>}
                </div>
              </td>
              <td className="platform-actions">
                {shop.suspension ? (
                  <Button variant="secondary" onClick={() => onRestore(shop)} aria-label={`Restore ${shop.title}`}>
                    Restore
                  </Button>
                ) : (
                  <Button className="button-danger" onClick={() => onSuspend(shop)} aria-label={`Suspend ${shop.title}`}>
                    Suspend
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
