import { Link } from 'react-router'
import type { Product } from '@shop/domain/schemas/catalog'
import { ProductPrice } from '../../../components/product-price'

/** One page of products; the title opens the product's edit page. */
export function ProductTable({ products }: { products: Product[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table product-table">
        <thead>
          <tr>
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
                <td className="product-thumb">
                  {image ? <img src={image.thumbnail} alt="" width={48} height={48} loading="lazy" /> : <span className="thumb-empty" />}
                </td>
                <th scope="row">
                  <Link to={`/admin/products/${product._id}`}>{product.title}</Link>
                </th>
                <td className="product-price">
                  <ProductPrice price={product.price} sellAt={product.sellAt} />
                </td>
                <td>
                  <span className={product.inStock ? 'tag tag-in' : 'tag tag-out'}>{product.inStock ? 'In stock' : 'Out of stock'}</span>
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
