/** The ways out, made once per process from the config: e-mail (SMTP or the mailbox) and SMS (or none). */
import type { Config } from '../../config'
import type { Clock } from '../../context'
import type { Db } from '../../db/client'
import { arkeselProvider } from './arkesel'
import { type MailSender, mailboxSender, smtpSender } from './mail-sender'
import type { SmsProvider } from './sms-provider'

export type Channels = { email: MailSender; sms: SmsProvider | null }

export function createChannels(config: Config, db: Db, clock: Clock): Channels {
  return {
    email: config.smtpUrl ? smtpSender(config.smtpUrl) : mailboxSender(db, clock),
    sms: config.arkesel ? arkeselProvider(config.arkesel) : null,
  }
}
