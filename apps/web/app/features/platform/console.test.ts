import { describe, expect, it } from 'vitest'
import { consoleSearch, parseConsoleView, suspensionProblem } from './console'

describe('suspensionProblem', () => {
  it('asks why when the reason is missing or blank, since the shop’s staff read it', () => {
    for (const reason of [undefined, '', '   \n']) expect(suspensionProblem(reason)).toBe('Say why the shop is suspended: its staff will read it')
    expect(suspensionProblem('Reported for selling counterfeit goods')).toBeNull()
  })
})

describe('the console’s address', () => {
  it('keeps only what differs from the defaults, and reads back what it wrote', () => {
    const view = { q: 'demo', status: 'suspended' as const, sort: 'sales' as const, skip: 25 }
    expect(consoleSearch(view)).toBe('?q=demo&status=suspended&sort=sales&skip=25')
    expect(parseConsoleView(new URLSearchParams(consoleSearch(view)))).toEqual(view)
    expect(parseConsoleView(new URLSearchParams('sort=nope&status=gone&skip=-3'))).toEqual({ q: '', status: '', sort: 'newest', skip: 0 })
  })
})
