import { describe, expect, it } from 'vitest'
import { buyerFromCustomer, customerFacts, lookupText } from './customer-lookup'

const money = (value: number) => ({ value, currency: 'GHS' })

describe('lookupText', () => {
  it('asks once two characters are typed, spaces tidied', () => {
    expect(lookupText('')).toBeNull()
    expect(lookupText(' a ')).toBeNull()
    expect(lookupText(' 02 ')).toBe('02')
    expect(lookupText('  024   412 ')).toBe('024 412')
  })

  it('stays within what the search takes', () => {
    expect(lookupText('x'.repeat(150))).toHaveLength(100)
  })
})

describe('buyerFromCustomer', () => {
  const typed = { name: 'Ama', phone: '024', email: 'typed@example.com' }

  it('fills name, phone and e-mail from the customer', () => {
    expect(buyerFromCustomer({ name: 'Ama Mensah', phone: '+233244123456', email: 'ama@example.com' }, typed)).toEqual({
      name: 'Ama Mensah',
      phone: '+233244123456',
      email: 'ama@example.com',
    })
  })

  it('keeps what staff typed where the customer has nothing', () => {
    expect(buyerFromCustomer({ name: '', phone: '+233244123456', email: '' }, typed)).toEqual({
      name: 'Ama',
      phone: '+233244123456',
      email: 'typed@example.com',
    })
  })
})

describe('customerFacts', () => {
  it('says the phone, the orders and what they owe', () => {
    const facts = customerFacts({ name: 'Ama', phone: '+233244123456', email: 'a@example.com', orders: 3, balance: money(20) })
    expect(facts.map((fact) => fact.replace(/\u00a0/g, ' '))).toEqual(['+233244123456', '3 orders', 'owes GHS 20.00'])
  })

  it('says one order, the e-mail of a customer without a phone, and nothing owed when nothing is', () => {
    expect(customerFacts({ name: 'Kofi', phone: '', email: 'kofi@example.com', orders: 1, balance: money(0) })).toEqual(['kofi@example.com', '1 order'])
  })
})
