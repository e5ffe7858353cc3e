import { type ReactElement, useEffect } from 'react'
import { useBlocker } from 'react-router'
import { ConfirmDialog } from './confirm-dialog'

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?'

/**
 * Warns before leaving a form with unsaved changes: in-app navigation is held while the page's own
 * dialog asks (the element this answers, which the caller renders: "Leave page" goes on, "Stay" keeps the
 * form as it is), and closing or reloading the tab gets the browser's own warning, the only one a browser
 * allows there. The router keeps one blocker, so a page of several forms calls this once for all of them
 * (docs/decisions/0120-unsaved-changes-ask-in-the-page.md).
 */
export function useUnsavedChanges(dirty: boolean): ReactElement {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={UNSAVED_CHANGES_MESSAGE}
      confirmLabel="Leave page"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  )
}
