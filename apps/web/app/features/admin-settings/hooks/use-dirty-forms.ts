import { useCallback, useEffect, useState } from 'react'
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes'

export type ReportDirty = (form: string, dirty: boolean) => void

/**
 * One unsaved-changes warning for a page of several forms: the router keeps only one navigation blocker,
 * so each form reports whether it is dirty and the page warns when any is.
 */
export function useDirtyForms(): ReportDirty {
  const [dirty, setDirty] = useState<Record<string, boolean>>({})
  useUnsavedChanges(Object.values(dirty).some(Boolean))
  return useCallback((form, value) => setDirty((previous) => (previous[form] === value ? previous : { ...previous, [form]: value })), [])
}

/** A form's part of `useDirtyForms`. */
export function useReportDirty(report: ReportDirty, form: string, dirty: boolean): void {
  useEffect(() => report(form, dirty), [report, form, dirty])
  useEffect(() => () => report(form, false), [report, form])
}
