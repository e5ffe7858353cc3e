import type { OrderLine } from '@shop/domain/schemas/orders'
import { formatMoney } from '../../../lib/money'

function variantWords(line: OrderLine): string {
  if (!line.variant) return '—'
  const features = Object.entries(line.variant.features).map(([name, value]) => `${name}: ${value}`)
  return features.length ? features.join(', ') : line.variant._id
}

/** The lines at the prices the server charged; below 768px each line stacks into a small card (admin-orders.css). */
export function OrderItemsTable({ lines, currency }: { lines: OrderLine[]; currency: string }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table order-items">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Variant</th>
            <th scope="col" className="orders-table-amount">
              Count
            </th>
            <th scope="col" className="orders-table-amount">
              Price
            </th>
            <th scope="col" className="orders-table-amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.product._id}/${line.variant?._id ?? ''}`}>
              <th scope="row">{line.product.title}</th>
              <td data-label="Variant">{variantWords(line)}</td>
              <td data-label="Count" className="orders-table-amount">
                {line.count}
              </td>
              <td data-label="Price" className="orders-table-amount">
                {formatMoney(line.unitPrice, currency)}
              </td>
              <td data-label="Amount" className="orders-table-amount">
                {formatMoney(line.unitPrice * line.count, currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
