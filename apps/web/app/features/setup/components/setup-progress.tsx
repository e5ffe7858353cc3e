import { type SetupStep, setupSteps, stepNumber, stepTitle } from '../steps'

/** "Step 2 of 4" and the row of steps, the current one marked. */
export function SetupProgress({ step }: { step: SetupStep }) {
  const current = stepNumber(step)
  return (
    <div className="setup-progress">
      <p className="setup-progress-count">
        Step {current} of {setupSteps.length}: {stepTitle(step)}
      </p>
      <ol aria-label="Steps">
        {setupSteps.map((candidate, index) => {
          const done = index + 1 < current
          return (
            <li key={candidate.id} className={done ? 'is-done' : undefined} aria-current={candidate.id === step ? 'step' : undefined}>
              {candidate.title}
              {done && <span className="visually-hidden"> (done)</span>}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
