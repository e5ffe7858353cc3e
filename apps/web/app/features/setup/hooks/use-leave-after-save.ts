import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes'

/**
 * Warns before leaving a step with unsaved changes, and answers the way to leave once they are saved:
 * the navigation waits for the render that lifts the warning, so it does not ask about saved work.
 */
export function useLeaveAfterSave(dirty: boolean): (path: string) => void {
  const navigate = useNavigate()
  const [target, setTarget] = useState<string | null>(null)
  useUnsavedChanges(dirty && target === null)
  useEffect(() => {
    if (target) void navigate(target)
  }, [target, navigate])
  return setTarget
}
