import { useCallback, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { DiscountCode } from '@shop/domain/schemas/discount-code'
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { createDiscountCode } from '../api/discount-codes/create-discount-code'
import { listDiscountCodes } from '../api/discount-codes/list-discount-codes'
import { updateDiscountCode } from '../api/discount-codes/update-discount-code'
import { Button } from '../components/ui/button'
import { useToast } from '../components/ui/toast'
import { Pager } from '../features/admin/components/pager'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { DiscardChangesDialog, DiscountCodeForm } from '../features/admin-discounts/components/discount-code-form'
import { DiscountCodeTable } from '../features/admin-discounts/components/discount-code-table'
import {
  DISCOUNT_FIELDS,
  DiscountFormSchema,
  createBody,
  discountFormErrors,
  patchBody,
} from '../features/admin-discounts/discount-code-form'
import { DISCOUNT_CODES_PER_PAGE, codesPageParams, parseCodesPage } from '../features/admin-discounts/discount-code-list'
import { api } from '../lib/api'
import { hasErrors } from '../lib/form-errors'
import { routeMeta } from '../lib/page-meta'
import { perform, refuse } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import { promotionIntent, promotionIntents, promotionsData } from '../features/admin-promotions/promotion-intents'
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
 * What each form of the page sends: `create` the form, `update` the form and the form as it was opened (so
 * only changes are sent), `set-active` the code's switch; and the promotions panel's intents.
 */
const intents = {
  create: Type.Object({ form: DiscountFormSchema }, { additionalProperties: false }),
  update: Type.Object({ id: Uuid, form: DiscountFormSchema, initial: DiscountFormSchema }, { additionalProperties: false }),
  'set-active': Type.Object({ id: Uuid, active: Type.Boolean() }, { additionalProperties: false }),
  ...promotionIntents,
}

/** The forms' bodies are checked with the API's rules before they are sent; the API's refusals land at the fields too. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop } = await requireStaff(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  switch (submission.intent) {
    case 'create': {
      const { form } = submission.value
      const body = createBody(form, shop._id)
      const problems = discountFormErrors(body, form)
      if (hasErrors(problems)) return refuse('create', problems)
      return perform('create', () => createDiscountCode(api, body), DISCOUNT_FIELDS)
    }
    case 'update': {
      const { id, form, initial } = submission.value
      const body = patchBody(form, initial)
      const problems = discountFormErrors(body, form)
      if (hasErrors(problems)) return refuse('update', problems)
      return perform('update', () => updateDiscountCode(api, id, body), DISCOUNT_FIELDS)
    }
    case 'set-active': {
      const { id, active } = submission.value
      return perform('set-active', () => updateDiscountCode(api, id, { active }))
    }
    case 'promotion-create':
    case 'promotion-update':
    case 'promotion-set-active':
    case 'promotion-delete':
    case 'promotion-stacking':
      return promotionIntent(submission, shop._id)
  }
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
  /** The code to edit next, while the page asks whether to throw away the open form's changes. */
  const [switchingTo, setSwitchingTo] = useState<DiscountCode | null>(null)
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
    if (formDirty.current) return setSwitchingTo(code)
    setEditing(code)
  }

  function discardAndEdit() {
    const next = switchingTo
    if (!next) return
    formDirty.current = false
    setSwitchingTo(null)
    // Once the question has closed (and handed the focus back to its Edit button), so the new form takes it.
    requestAnimationFrame(() => setEditing(next))
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

      <DiscardChangesDialog open={switchingTo !== null} onDiscard={discardAndEdit} onKeep={() => setSwitchingTo(null)} />

      <PromotionsPanel shopId={shop._id} currency={shop.currency} {...promotions} />
    </>
  )
}
