/** Money travels as major units (≤ 2 decimals) and is computed in integer minor units. */
export function toMinor(major: number): number {
  return Math.round(major * 100)
}

export function toMajor(minor: number): number {
  return minor / 100
}

/** True when a major-unit amount is finite, not negative and has at most two decimals. */
export function isMajorAmount(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
}
