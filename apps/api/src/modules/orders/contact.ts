/**
 * Who to call about an order: the buyer's name and phone, and the rider's phone for a delivery. Every phone
 * given is checked and kept in international form (`+233244123456`, ADR 0034); a delivery needs one of the
 * two phones (the buyer's is the rider's when no other is given). A pick-up needs none, so an API client
 * that sends no contact still places one.
 */
import { notAPhoneMessage, parsePhone } from '@shop/domain/phone'
import { type FieldError, invalidBody } from '../../lib/errors'
import type { DeliveryInput } from './orders.schemas'

export type ContactInput = { name?: string; phone?: string; delivery?: DeliveryInput }

export type CheckedContact = {
  /** The trimmed name, or null when none was given. */
  name: string | null
  /** The buyer's phone in international form, or null when none was given. */
  phone: string | null
  /** The delivery with its phone in international form (the buyer's, for a dispatch that gave none). */
  delivery: DeliveryInput | undefined
}

function checkPhone(text: string, path: string, errors: FieldError[]): string | null {
  const checked = parsePhone(text)
  if (checked.ok) return checked.phone
  errors.push({ path, message: notAPhoneMessage })
  return null
}

/** Checks the body's contact fields; one 400 names every phone that is not a phone. */
export function checkContact(input: ContactInput): CheckedContact {
  const errors: FieldError[] = []
  const phone = input.phone === undefined ? null : checkPhone(input.phone, 'phone', errors)
  let delivery = input.delivery
  if (delivery?.phone !== undefined) {
    const riderPhone = checkPhone(delivery.phone, 'delivery.phone', errors)
    if (riderPhone) delivery = { ...delivery, phone: riderPhone }
  } else if (delivery?.type === 'dispatch') {
    if (phone) delivery = { ...delivery, phone }
    else if (input.phone === undefined) errors.push({ path: 'delivery.phone', message: 'is required for a delivery (or send phone)' })
  }
  if (errors.length) invalidBody(errors)
  const name = input.name?.trim() || null
  return { name, phone, delivery }
}

/** A phone kept elsewhere (an account's profile) in international form, or null when it is not a phone. */
export function normalizedPhone(text: string | null | undefined): string | null {
  if (!text) return null
  const checked = parsePhone(text)
  return checked.ok ? checked.phone : null
}
