import { type ReactElement, useCallback, useEffect, useState } from 'react'
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes'

export type ReportDirty = (form: string, dirty: boolean) => void

/**
 * One unsaved-changes warning for a page of several forms: the router keeps only one navigation blocker,
 * so each form reports whether it is dirty and the page warns when any is (the page renders `leaveDialog`).
 */
export function useDirtyForms(): { reportDirty: ReportDirty; leaveDialog: ReactElement } {
  const [dirty, setDirty] = useState<Record<string, boolean>>({})
  const leaveDialog = useUnsavedChanges(Object.values(dirty).some(Boolean))
  const reportDirty = useCallback<ReportDirty>(
    (form, value) => setDirty((previous) => (previous[form] === value ? previous : { ...previous, [form]: value })),
    [],
  )
  return { reportDirty, leaveDialog }
}

/** A form's part of `useDirtyForms`. */
export function useReportDirty(report: ReportDirty, form: string, dirty: boolean): void {
  useEffect(() => report(form, dirty), [report, form, dirty])
  useEffect(() => () => report(form, false), [report, form])
}
