import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api'
import { hasErrors, serverFieldErrors, validate } from './form-errors'

const schema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 5 }),
    code: Type.String({ pattern: '^[A-Z]+$', description: 'capital letters only' }),
    price: Type.Object({ value: Type.Number({ minimum: 0 }) }),
    limit: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    email: Type.Optional(Type.String({ format: 'email' })),
  },
  { additionalProperties: false },
)

describe('validate', () => {
  it('accepts a valid value', () => {
    const errors = validate(schema, { title: 'Hat', code: 'ABC', price: { value: 3 }, limit: null })
    expect(errors).toEqual({})
    expect(hasErrors(errors)).toBe(false)
  })

  it('names each failing field by its dotted path with a plain message', () => {
    expect(validate(schema, { title: 'Too long', code: 'abc', price: { value: -1 }, limit: 0, email: 'x' })).toEqual({
      title: 'Use at most 5 characters',
      code: 'Use capital letters only',
      'price.value': 'Must be at least 0',
      limit: 'Must be at least 1',
      email: 'Enter a valid email address',
    })
  })

  it('reports a missing property at the property and an empty one as required', () => {
    expect(validate(schema, { title: '', price: {}, limit: null })).toEqual({
      title: 'This field is required',
      code: 'This field is required',
      'price.value': 'This field is required',
    })
  })
})

describe('serverFieldErrors', () => {
  const apiError = (errors?: { path: string; message: string }[]) =>
    new ApiError('Request failed with status code 400', 400, {
      name: 'BadRequest',
      message: 'Invalid body: code is taken',
      code: 400,
      className: 'bad-request',
      errors,
    })

  it('maps the API field errors onto the form fields', () => {
    expect(serverFieldErrors(apiError([{ path: 'code', message: 'is already used in this shop' }]), ['code'])).toEqual({
      code: 'Is already used in this shop',
    })
  })

  it('keeps a message for a field the form does not show, and for an error without fields', () => {
    expect(serverFieldErrors(apiError([{ path: 'shop', message: 'is unknown' }]), ['code'])).toEqual({
      form: 'Invalid body: code is taken',
    })
    expect(serverFieldErrors(apiError(), ['code'])).toEqual({ form: 'Invalid body: code is taken' })
    expect(serverFieldErrors(new ApiError('Network Error', null))).toEqual({ form: 'Network Error' })
  })
})
