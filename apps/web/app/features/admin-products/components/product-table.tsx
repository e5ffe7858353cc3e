import { Link } from 'react-router'
import { SmallImage } from '../../../components/product-image'
import type { Product } from '@shop/domain/schemas/catalog'
import { ProductPrice } from '../../../components/product-price'
import { stockBadge, stockLines } from '../stock-summary'

type Props = {
  products: Product[]
  /** Ids ticked for a bulk change; without it the list has no checkboxes. */
  selected?: Set<string>
  onSelect?: (ids: string[], selected: boolean) => void
}

function StockCell({ product }: { product: Product }) {
  const lines = stockLines(product)
  const badge = stockBadge(lines)
  return (
    <>
      <span className={badge === 'low' ? 'tag tag-low' : badge === 'sold-out' ? 'tag tag-out' : 'tag tag-in'}>
        {badge === 'low' ? 'Low stock' : badge === 'sold-out' ? 'Sold out' : 'In stock'}
      </span>
      <ul className="stock-lines">
        {lines.map((line) => (
          <li key={line.key} className={line.level === 'in-stock' ? undefined : `stock-line-${line.level}`}>
            {line.label && <span className="stock-line-label">{line.label}: </span>}
            {line.quantity === null ? 'not tracked' : line.quantity}
          </li>
        ))}
      </ul>
    </>
  )
}

/** One page of products with each variant's stock; the title opens the product's edit page. */
export function ProductTable({ products, selected, onSelect }: Props) {
  const all = products.length > 0 && products.every((product) => selected?.has(product._id))
  return (
    <div className="admin-table-wrap">
      <table className="admin-table product-table">
        <thead>
          <tr>
            {onSelect && (
              <th scope="col" className="select-cell">
                <input
                  type="checkbox"
                  aria-label="Select all products on this page"
                  checked={all}
                  onChange={(event) => onSelect(products.map((product) => product._id), event.target.checked)}
                />
              </th>
            )}
            <th scope="col">
              <span className="visually-hidden">Image</span>
            </th>
            <th scope="col">Title</th>
            <th scope="col">Price</th>
            <th scope="col">Stock</th>
            <th scope="col">Available</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const image = product.images[0]
            return (
              <tr key={product._id}>
                {onSelect && (
                  <td className="select-cell">
                    <input
                      type="checkbox"
                      aria-label={`Select ${product.title}`}
                      checked={selected?.has(product._id) ?? false}
                      onChange={(event) => onSelect([product._id], event.target.checked)}
                    />
                  </td>
                )}
                <td className="product-thumb">
                  {image ? <SmallImage image={image} side={48} /> : <span className="thumb-empty" />}
                </td>
                <th scope="row">
                  <Link to={`/admin/products/${product._id}`}>{product.title}</Link>
                </th>
                <td className="product-price">
                  <ProductPrice price={product.price} sellAt={product.sellAt} />
                </td>
                <td className="product-stock">
                  <StockCell product={product} />
                </td>
                <td>{product.available ? 'Yes' : 'No'}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
