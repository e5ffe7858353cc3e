/**
 * What a kind of message is: its e-mail (subject, a React body, a plain-text part written from the same
 * data, not scraped from the HTML) and its SMS text, each made from the message's data and its site.
 */
import type { ReactElement } from 'react'
import type { Site } from './site'

export type EmailContent = { subject: string; body: ReactElement; text: string }

export type MessageTemplate<Data> = {
  /** Fields only the message may carry (a link with a secret): stored apart and cleared once it is sent. */
  secretFields?: readonly (keyof Data & string)[]
  email?(data: Data, site: Site): EmailContent
  sms?(data: Data, site: Site): string
}
