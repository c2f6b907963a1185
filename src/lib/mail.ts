// Email goes through @payloadcms/email-nodemailer when SMTP_HOST is set. Without it, mails
// are written to the log, so sign-up and password reset still work on a newcomer's machine.
import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import type { EmailAdapter } from 'payload'

import { settings } from './settings'

const logAdapter: EmailAdapter = ({ payload }) => ({
  name: 'log',
  defaultFromAddress: settings().mail.from,
  defaultFromName: 'Community Platform',
  sendEmail: async (message) => {
    payload.logger.info({
      msg: 'email (no SMTP_HOST: logged, not sent)',
      to: message.to,
      subject: message.subject,
      text: message.text,
    })
    return { logged: true }
  },
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
