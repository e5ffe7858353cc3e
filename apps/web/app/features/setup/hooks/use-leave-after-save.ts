import { type ReactElement, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes'

/**
 * Warns before leaving a step with unsaved changes, and answers the way to leave once they are saved:
 * the navigation waits for the render that lifts the warning, so it does not ask about saved work. The step
 * renders `leaveDialog`, the question asked when the shop leaves with changes not saved.
 */
export function useLeaveAfterSave(dirty: boolean): { leave: (path: string) => void; leaveDialog: ReactElement } {
  const navigate = useNavigate()
  const [target, setTarget] = useState<string | null>(null)
  const leaveDialog = useUnsavedChanges(dirty && target === null)
  useEffect(() => {
    if (target) void navigate(target)
  }, [target, navigate])
  return { leave: setTarget, leaveDialog }
}
