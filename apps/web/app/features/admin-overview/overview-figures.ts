/** How the overview words its figures: conversion as a percentage, counts with their noun. */

/** 0.0375 → '3.8 %'; null (no visits) → '–'. One decimal below 10 %, whole percents above. */
export function conversionText(conversion: number | null): string {
  if (conversion === null) return '–'
  const percent = conversion * 100
  const digits = percent > 0 && percent < 10 ? 1 : 0
  return `${percent.toLocaleString('en-GH', { minimumFractionDigits: digits, maximumFractionDigits: digits })} %`
}

/** (1, 'order') → '1 order'; (3, 'order') → '3 orders'. */
export function countText(count: number, noun: string): string {
  return `${count.toLocaleString('en-GH')} ${noun}${count === 1 ? '' : 's'}`
}

/** A variant's features as its name: { Colour: 'Red', Size: 'M' } → 'Red, M'; none → ''. */
export function featuresText(features: Record<string, string>): string {
  return Object.values(features).join(', ')
}
