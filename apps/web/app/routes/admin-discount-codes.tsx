import { useCallback, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { LoadError } from '../components/load-error'
import { Button } from '../components/ui/button'
import { useToast } from '../components/ui/toast'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { listDiscountCodes } from '../api/discount-codes/list-discount-codes'
import { updateDiscountCode } from '../api/discount-codes/update-discount-code'
import { DiscountCodeForm } from '../features/admin-discounts/components/discount-code-form'
import { DiscountCodeTable } from '../features/admin-discounts/components/discount-code-table'
import { Pager } from '../features/admin/components/pager'
import { DISCOUNT_CODES_PER_PAGE, codesPageParams, parseCodesPage } from '../features/admin-discounts/discount-code-list'
import type { DiscountCode } from '../features/admin-discounts/types'
import { api, errorMessage } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import { UNSAVED_CHANGES_MESSAGE } from '../lib/use-unsaved-changes'
import type { Route } from './+types/admin-discount-codes'
import styles from '../features/admin-discounts/admin-discounts.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Discount Codes', args)

/** SPEC §7 discount codes: the shop's codes newest first, a form to create or edit one, and (de)activation. */
export default function AdminDiscountCodes() {
  const { shop } = useAdmin()
  const toast = useToast()
  // The page lives in the address, so back, forward and reload keep it.
  const [params, setParams] = useSearchParams()
  const pageNumber = parseCodesPage(params)
  const skip = (pageNumber - 1) * DISCOUNT_CODES_PER_PAGE
  const codes = useApiData(`${shop._id}/${skip}`, () => listDiscountCodes<DiscountCode>(api, {
      $sort: { createdAt: -1 },
      shop: shop._id,
      $skip: skip,
      $limit: DISCOUNT_CODES_PER_PAGE,
    }))
  /** 'new', the code being edited, or null while the form is closed. */
  const [editing, setEditing] = useState<DiscountCode | 'new' | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)
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
    // A new code is the newest, at the top of the first page.
    if (editing === 'new' && pageNumber !== 1) setParams(codesPageParams(1))
    else codes.reload()
  }

  async function toggleActive(code: DiscountCode) {
    setBusyId(code._id)
    try {
      const changed = await updateDiscountCode(api, code._id, { active: !code.active })
      toast(`${changed.code} ${changed.active ? 'activated' : 'deactivated'}`)
      codes.reload()
    } catch (error) {
      toast(`${code.code} could not be changed: ${errorMessage(error)}`, 'error')
    } finally {
      setBusyId(null)
    }
  }

  const page = codes.data
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

      {codes.error ? <LoadError error={codes.error} onRetry={codes.reload} /> : null}
      {!page ? (
        !codes.error && (
          <p className="loading" role="status">
            Loading discount codes…
          </p>
        )
      ) : page.total === 0 ? (
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
            busyId={busyId}
            onEdit={edit}
            onToggleActive={toggleActive}
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
    </>
  )
}
