// Email goes through @payloadcms/email-nodemailer when SMTP_HOST is set. Without it, mails
// are written to the log, so sign-up and password reset still work on a newcomer's machine.
import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import type { EmailAdapter, SendEmailOptions } from 'payload'

import { settings } from './settings'

/** What the log transport uses of Payload's logger. */
export interface MailLog {
  info: (entry: { msg: string; to: unknown; subject: unknown; text: unknown }) => void
}

/** The send of the transport without SMTP_HOST: the mail goes into `log`, not out. */
export const logMail =
  (log: MailLog) =>
  async (message: SendEmailOptions): Promise<{ logged: true }> => {
    log.info({
      msg: 'email (no SMTP_HOST: logged, not sent)',
      to: message.to,
      subject: message.subject,
      text: message.text,
    })
    return { logged: true }
  }

const logAdapter: EmailAdapter = ({ payload }) => ({
  name: 'log',
  defaultFromAddress: settings().mail.from,
  defaultFromName: 'Community Platform',
  sendEmail: logMail(payload.logger),
})

export function mailAdapter(): EmailAdapter | Promise<EmailAdapter> {
  const { mail } = settings()
  if (!mail.host) return logAdapter
  const fromMatch = /^(.*)<(.+)>\s*$/.exec(mail.from)
  return nodemailerAdapter({
    defaultFromAddress: fromMatch ? fromMatch[2]!.trim() : mail.from,
    defaultFromName: fromMatch ? fromMatch[1]!.trim() : 'Community Platform',
    skipVerify: true,
    transportOptions: {
      // nodemailer waits up to 2 min for a silent server by default; a send that fails sooner
      // is retried by the mail queue, and a shutdown does not wait minutes for it.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      host: mail.host,
      port: mail.port,
      secure: mail.secure,
      auth: mail.user ? { user: mail.user, pass: mail.pass } : undefined,
    },
  })
}
