import { describe, expect, it } from 'vitest'
import { backPath, isSetupStep, nextPath, setupSteps, stepNumber, stepPath, stepTitle } from './steps'

describe('setup steps', () => {
  it('counts four steps in order', () => {
    expect(setupSteps.map((step) => stepNumber(step.id))).toEqual([1, 2, 3, 4])
    expect(stepTitle('delivery')).toBe('Delivery')
  })

  it('goes forward and back, stopping at either end', () => {
    expect(nextPath('s1', 'shop')).toBe('/setup/s1/profile')
    expect(nextPath('s1', 'delivery')).toBe('/setup/s1/done')
    expect(nextPath('s1', 'done')).toBeNull()
    expect(backPath('s1', 'profile')).toBe('/setup/s1/shop')
    expect(backPath('s1', 'done')).toBe('/setup/s1/delivery')
    expect(backPath('s1', 'shop')).toBeNull()
  })

  it('keeps the shop id in the address once the shop exists', () => {
    expect(stepPath('8b6f0b5e-1d3a-4a55-9c77-0f1f2e3d4c5b', 'delivery')).toBe('/setup/8b6f0b5e-1d3a-4a55-9c77-0f1f2e3d4c5b/delivery')
  })

  it('knows its step names', () => {
    expect(isSetupStep('profile')).toBe(true)
    expect(isSetupStep('payments')).toBe(false)
    expect(isSetupStep(undefined)).toBe(false)
  })
})
