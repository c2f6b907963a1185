// The two emails accounts send. Sent after the transaction commits; a failure is logged and
// never undoes the account change (API-CONTRACT §2).
import type { Payload } from 'payload'

import { settings } from '../settings'

async function send(payload: Payload, to: string, subject: string, text: string): Promise<void> {
  try {
    await payload.sendEmail({ to, subject, text, html: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')}</p>` })
  } catch (err) {
    payload.logger.error({ err, msg: `could not send "${subject}" email` })
  }
}

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

export const sendVerificationEmail = (payload: Payload, to: string, token: string) =>
  send(payload, to, 'Verify your email address', `Welcome! Confirm your email address by opening this link (valid 24 hours):\n${verificationLink(token)}`)

export const sendResetEmail = (payload: Payload, to: string, link: string) =>
  send(payload, to, 'Reset your password', `Someone asked to reset your password. If it was you, open this link (valid 1 hour, once):\n${link}\nIf not, ignore this email.`)
