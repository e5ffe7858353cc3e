/** The setup wizard's steps (docs/architecture.md §11) and where each lives: `/setup`, then `/setup/{shopId}/{step}`. */

export const setupSteps = [
  { id: 'shop', title: 'Name and address' },
  { id: 'profile', title: 'About your shop' },
  { id: 'delivery', title: 'Delivery' },
  { id: 'done', title: 'Ready' },
] as const

export type SetupStep = (typeof setupSteps)[number]['id']

/** 1 for the first step. */
export function stepNumber(step: SetupStep): number {
  return setupSteps.findIndex((candidate) => candidate.id === step) + 1
}

export function stepTitle(step: SetupStep): string {
  return setupSteps[stepNumber(step) - 1]!.title
}

/** Once the shop exists each step has an address; before that only `/setup` (the first step). */
export function stepPath(shopId: string, step: SetupStep): string {
  return `/setup/${encodeURIComponent(shopId)}/${step}`
}

/** Where Next leads from `step` of the shop's setup; null after the last step. */
export function nextPath(shopId: string, step: SetupStep): string | null {
  const next = setupSteps[stepNumber(step)]
  return next ? stepPath(shopId, next.id) : null
}

/** Where Back leads from `step`; null on the first step. */
export function backPath(shopId: string, step: SetupStep): string | null {
  const previous = setupSteps[stepNumber(step) - 2]
  return previous ? stepPath(shopId, previous.id) : null
}

export function isSetupStep(value: unknown): value is SetupStep {
  return setupSteps.some((step) => step.id === value)
}
