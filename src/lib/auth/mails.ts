// The two emails accounts send. Queued in the transaction that issues the token and sent
// after it commits (src/lib/mail-queue): an SMTP outage delays the mail, never loses it and
// never fails or undoes the account change (docs/api.md "Accounts (/api/auth)").
import type { PayloadRequest } from 'payload'

import { queueMail } from '../mail-queue/queue-mail'
import { settings } from '../settings'

export function verificationLink(token: string): string {
  const url = new URL(`${settings().publicUrl}/api/auth/verify-email`)
  url.searchParams.set('token', token)
  return url.toString()
}

export function resetLink(redirectTo: string, token: string): string {
  const url = new URL(redirectTo)
  url.searchParams.set('token', token)
  return url.toString()
}

export const queueVerificationEmail = (req: PayloadRequest, to: string, token: string) =>
  queueMail(req, {
    to,
    subject: 'Verify your email address',
    text: `Welcome! Confirm your email address by opening this link (valid 24 hours):\n${verificationLink(token)}`,
  })

export const queueResetEmail = (req: PayloadRequest, to: string, link: string) =>
  queueMail(req, {
    to,
    subject: 'Reset your password',
    text: `Someone asked to reset your password. If it was you, open this link (valid 1 hour, once):\n${link}\nIf not, ignore this email.`,
  })

export const queueEmailChangeEmail = (req: PayloadRequest, to: string, token: string) =>
  queueMail(req, {
    to,
    subject: 'Confirm your new email address',
    text: `Someone asked to make this the email address of their account. If it was you, open this link (valid 24 hours):\n${verificationLink(token)}\nIf not, ignore this email: nothing changes.`,
  })
