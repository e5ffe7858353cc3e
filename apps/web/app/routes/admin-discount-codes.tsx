import { useCallback, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { DiscountCode } from '@shop/domain/schemas/discount-code'
import { createDiscountCode } from '../api/discount-codes/create-discount-code'
import { listDiscountCodes } from '../api/discount-codes/list-discount-codes'
import { updateDiscountCode } from '../api/discount-codes/update-discount-code'
import { Button } from '../components/ui/button'
import { useToast } from '../components/ui/toast'
import { Pager } from '../features/admin/components/pager'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { DiscountCodeForm } from '../features/admin-discounts/components/discount-code-form'
import { DiscountCodeTable } from '../features/admin-discounts/components/discount-code-table'
import {
  DISCOUNT_FIELDS,
  type DiscountForm,
  createBody,
  discountFormErrors,
  patchBody,
} from '../features/admin-discounts/discount-code-form'
import { DISCOUNT_CODES_PER_PAGE, codesPageParams, parseCodesPage } from '../features/admin-discounts/discount-code-list'
import { api } from '../lib/api'
import { hasErrors } from '../lib/form-errors'
import { routeMeta } from '../lib/page-meta'
import { perform, readSubmission, refuse } from '../lib/route-data'
import { UNSAVED_CHANGES_MESSAGE } from '../lib/use-unsaved-changes'
import { promotionIntent, promotionsData } from '../features/admin-promotions/promotion-intents'
import { PromotionsPanel } from '../features/admin-promotions/components/promotions-panel'
import type { Route } from './+types/admin-discount-codes'
import styles from '../features/admin-discounts/admin-discounts.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Discount Codes', args)

/** The page lives in the address, so back, forward and reload keep it. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const pageNumber = parseCodesPage(new URL(request.url).searchParams)
  const skip = (pageNumber - 1) * DISCOUNT_CODES_PER_PAGE
  const [codes, promotions] = await Promise.all([
    listDiscountCodes<DiscountCode>(api, {
      $sort: { createdAt: -1 },
      shop: shop._id,
      $skip: skip,
      $limit: DISCOUNT_CODES_PER_PAGE,
    }),
    promotionsData(shop._id),
  ])
  return { pageNumber, skip, codes, promotions }
}
clientLoader.hydrate = true as const

/**
 * `create` and `update` take the form (and for an edit the form as it was opened, so only changes are
 * sent), checked with the API's rules; `set-active` activates or deactivates a code.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop } = await requireStaff(request)
  const submission = await readSubmission(request)
  if (submission.intent.startsWith('promotion-')) return promotionIntent(submission, shop._id)
  const form = submission.form as DiscountForm
  switch (submission.intent) {
    case 'create': {
      const body = createBody(form, shop._id)
      const problems = discountFormErrors(body, form)
      if (hasErrors(problems)) return refuse('create', problems)
      return perform('create', () => createDiscountCode(api, body), DISCOUNT_FIELDS)
    }
    case 'update': {
      const body = patchBody(form, submission.initial as DiscountForm)
      const problems = discountFormErrors(body, form)
      if (hasErrors(problems)) return refuse('update', problems)
      return perform('update', () => updateDiscountCode(api, String(submission.id), body), DISCOUNT_FIELDS)
    }
    case 'set-active':
      return perform('set-active', () => updateDiscountCode(api, String(submission.id), { active: submission.active === true }))
  }
  throw new Response(`Unknown intent ${submission.intent}`, { status: 400 })
}

/** docs/product.md §7 discount codes: the shop's codes newest first, a form to create or edit one, and (de)activation. */
export default function AdminDiscountCodes({ loaderData }: Route.ComponentProps) {
  const { pageNumber, skip, codes: page, promotions } = loaderData
  const { shop } = useAdmin()
  const toast = useToast()
  const [, setParams] = useSearchParams()
  /** 'new', the code being edited, or null while the form is closed. */
  const [editing, setEditing] = useState<DiscountCode | 'new' | null>(null)
  const newButton = useRef<HTMLButtonElement>(null)
  /** Whether the open form holds changes not saved yet. */
  const formDirty = useRef(false)
  const onDirtyChange = useCallback((dirty: boolean) => {
    formDirty.current = dirty
  }, [])

  function closeForm() {
    setEditing(null)
    formDirty.current = false
    requestAnimationFrame(() => newButton.current?.focus())
  }

  /** Opens the form on another code, asking first when that would throw away unsaved changes. */
  function edit(code: DiscountCode) {
    if (editing !== null && editing !== 'new' && editing._id === code._id) return
    if (formDirty.current && !window.confirm(UNSAVED_CHANGES_MESSAGE)) return
    formDirty.current = false
    setEditing(code)
  }

  function saved(code: DiscountCode) {
    toast(editing === 'new' ? `Discount code ${code.code} created` : `Discount code ${code.code} saved`)
    closeForm()
    // A new code is the newest, at the top of the first page (the list has reloaded already).
    if (editing === 'new' && pageNumber !== 1) setParams(codesPageParams(1))
  }

  return (
    <>
      <div className="admin-header">
        <h1>Discount codes</h1>
        {editing === null && (
          <Button ref={newButton} onClick={() => setEditing('new')}>
            New code
          </Button>
        )}
      </div>

      {editing !== null && (
        <DiscountCodeForm
          key={editing === 'new' ? 'new' : editing._id}
          shopId={shop._id}
          currency={shop.currency}
          editing={editing === 'new' ? null : editing}
          onSaved={saved}
          onCancel={closeForm}
          onDirtyChange={onDirtyChange}
        />
      )}

      {page.total === 0 ? (
        <p>No discount codes yet. Create one for shoppers to enter at checkout.</p>
      ) : page.data.length === 0 ? (
        <p>
          There is no page {pageNumber}. <Link to={{ search: '' }}>Go to the first page</Link>
        </p>
      ) : (
        <>
          <DiscountCodeTable
            codes={page.data}
            currency={shop.currency}
            onEdit={edit}
          />
          <Pager
            label="Pages of discount codes"
            skip={skip}
            limit={DISCOUNT_CODES_PER_PAGE}
            total={page.total}
            onSkip={(next) => setParams(codesPageParams(Math.floor(next / DISCOUNT_CODES_PER_PAGE) + 1))}
          />
        </>
      )}

      <PromotionsPanel shopId={shop._id} currency={shop.currency} {...promotions} />
    </>
  )
}
