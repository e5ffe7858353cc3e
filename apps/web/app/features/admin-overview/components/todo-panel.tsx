import { type OrderStatus, orderTodos } from '@shop/domain'
import { REVIEW_REPLY_DAYS } from '@shop/domain/schemas/overview'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { featuresText } from '../overview-figures'
import type { ShopOverview } from '@shop/domain/schemas/overview'

type Todo = ShopOverview['todo']

const orderCounts = (todo: Todo): Record<(typeof orderTodos)[number]['status'], number> => ({
  placed: todo.toPack,
  packaged: todo.toMakeReady,
  ready: todo.toHandOver,
})

/**
 * What waits for the shop now, each line leading to the list that holds it: orders by the step staff
 * take next (the status machine's words), low stock, refunds due, and recent reviews without a reply.
 */
export function TodoPanel({ todo, ordersHref }: { todo: Todo; ordersHref: (status: OrderStatus) => string }) {
  const counts = orderCounts(todo)
  return (
    <ul className="todo-list">
      {orderTodos.map(({ status, label, hint }) => (
        <TodoItem key={status} count={counts[status]} label={label} hint={hint} href={ordersHref(status)} />
      ))}
      <TodoItem
        count={todo.lowStock}
        label="Low stock"
        hint={`Tracked stock with ${todo.lowStockThreshold} or fewer left`}
        href="/admin/products?stock=low"
      >
        {todo.lowStockItems.length > 0 && (
          <ul className="todo-stock" aria-label="Lowest stock">
            {todo.lowStockItems.map((item) => {
              const variant = featuresText(item.features)
              return (
                <li key={`${item.product}/${item.variant ?? ''}`}>
                  <Link to={`/admin/products/${item.product}`}>
                    {item.title}
                    {variant && <span className="todo-stock-variant"> ({variant})</span>}
                  </Link>
                  <span className={item.quantity === 0 ? 'todo-stock-left todo-stock-out' : 'todo-stock-left'}>
                    {item.quantity === 0 ? 'Sold out' : `${item.quantity} left`}
                  </span>
                </li>
              )
            })}
          </ul>
        )}
      </TodoItem>
      <TodoItem
        count={todo.unpaidOrders}
        label={todo.unpaidOrders === 1 ? 'Order unpaid' : 'Orders unpaid'}
        hint="A balance still due, delivered unpaid included"
        href="/admin/orders?unpaid=1"
      />
      <TodoItem
        count={todo.refundsDue}
        label={todo.refundsDue === 1 ? 'Refund due' : 'Refunds due'}
        hint="Canceled orders still holding a payment, and orders paid more than they owe"
        href="/admin/orders?refunds=1"
      />
      <TodoItem
        count={todo.reviewsToAnswer}
        label="Reviews to answer"
        hint={`Visible reviews of the last ${REVIEW_REPLY_DAYS} days without a reply`}
        href="/admin/reviews?reply=none"
      />
    </ul>
  )
}

type TodoItemProps = { count: number; label: string; hint: string; href: string; children?: ReactNode }

function TodoItem({ count, label, hint, href, children }: TodoItemProps) {
  return (
    <li className={count > 0 ? 'todo todo-waiting' : 'todo'}>
      <Link to={href} className="todo-link">
        <span className="todo-count">{count.toLocaleString('en-GH')}</span>
        <span className="todo-text">
          <span className="todo-label">{label}</span>
          <span className="todo-hint">{hint}</span>
        </span>
      </Link>
      {children}
    </li>
  )
}
