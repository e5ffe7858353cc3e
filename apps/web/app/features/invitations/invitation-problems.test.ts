import { describe, expect, it } from 'vitest'
import type { InvitationDetail } from '@shop/domain/schemas/staff'
import { ApiError } from '../../lib/api'
import { answerProblem, dashboardOrigin, invitationKey, invitationProblem, problems } from './invitation-problems'

const now = new Date('2025-06-01T12:00:00Z')
const invitation: InvitationDetail = {
  _id: 'i1',
  email: 'new@example.com',
  role: 'keeper',
  status: 'pending',
  expiresAt: '2025-06-05T12:00:00Z',
  createdAt: '2025-05-29T12:00:00Z',
  shop: { _id: 's1', slug: 'demo', title: 'Demo Shop', logo: null },
}

const conflict = (message: string) => new ApiError('Request failed with status code 409', 409, { name: 'Conflict', message, code: 409, className: 'conflict' })

describe('invitationProblem', () => {
  it('has none for a pending, unexpired invitation to the same email (any case)', () => {
    expect(invitationProblem(invitation, 'New@Example.com', now)).toBeNull()
  })

  it('names each reason it cannot be answered', () => {
    expect(invitationProblem(invitation, 'other@example.com', now)).toBe(problems.notYours)
    expect(invitationProblem({ ...invitation, status: 'revoked' }, invitation.email, now)).toBe(problems.revoked)
    expect(invitationProblem({ ...invitation, status: 'accepted' }, invitation.email, now)).toBe(problems.used)
    expect(invitationProblem({ ...invitation, status: 'declined' }, invitation.email, now)).toBe(problems.used)
    expect(invitationProblem({ ...invitation, expiresAt: '2025-06-01T11:59:59Z' }, invitation.email, now)).toBe(problems.expired)
  })
})

describe('answerProblem', () => {
  it('maps the API’s answers to sentences', () => {
    expect(answerProblem(new ApiError('x', 404))).toBe(problems.notYours)
    expect(answerProblem(new ApiError('x', 403))).toBe(problems.notYours)
    expect(answerProblem(new ApiError('x', 400))).toBe(problems.missing)
    expect(answerProblem(conflict('This invitation was revoked'))).toBe(problems.revoked)
    expect(answerProblem(conflict('This invitation has expired'))).toBe(problems.expired)
    expect(answerProblem(conflict('This invitation has already been used'))).toBe(problems.used)
  })

  it('leaves other failures to the generic message', () => {
    expect(answerProblem(new ApiError('Network Error', null))).toBeNull()
    expect(answerProblem(new ApiError('x', 500))).toBeNull()
    expect(answerProblem(new Error('boom'))).toBeNull()
  })
})

describe('dashboardOrigin', () => {
  it('is null on a host that serves the shop, else the shop’s subdomain of the platform', () => {
    expect(dashboardOrigin(invitation.shop, 's1', 'http://localhost:3000')).toBeNull()
    expect(dashboardOrigin(invitation.shop, null, 'http://localhost:3000')).toBe('http://demo.localhost:3000')
    expect(dashboardOrigin(invitation.shop, 's2', 'https://shoplet.example/')).toBe('https://demo.shoplet.example')
  })
})

describe('invitationKey', () => {
  it('reads the secret of the link from the address', () => {
    const key = 'Abc_def-0123456789ghijklmnopqrstuvwxyzABCDE'
    expect(invitationKey(`?key=${key}`)).toBe(key)
    expect(invitationKey(`?code=1&key=${key}&c=1`)).toBe(key)
  })

  it('is null without a key or with one that cannot be an invitation secret', () => {
    expect(invitationKey('')).toBeNull()
    expect(invitationKey('?key=')).toBeNull()
    expect(invitationKey('?key=short')).toBeNull()
    expect(invitationKey(`?key=${'x'.repeat(30)}%20`)).toBeNull()
  })
})
