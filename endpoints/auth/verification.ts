// GET  /api/auth/verify-email?token=…  and  POST /api/auth/verify-email {token}
//   → {status: true, user} | 400 invalid_token
// POST /api/auth/send-verification-email {email} → {status: true}, whatever the email
import { z } from 'zod'

import { invalidToken, parseAuthInput } from '../../src/lib/auth/errors'
import { presentUser } from '../../src/lib/auth/present'
import { betterAuthExtras, emailField, tokenField } from '../../src/lib/auth/schemas'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { resendVerification } from '../../src/operations/auth/send-verification-email'
import { verifyEmail } from '../../src/operations/auth/verify-email'

export const tokenBody = z.object({ token: tokenField, callbackURL: betterAuthExtras.callbackURL }).strict()

async function verify(req: Parameters<typeof verifyEmail>[0], token: unknown) {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw invalidToken()
  const user = await verifyEmail(req, token)
  return json({ status: true, user: presentUser(user) })
}

export const verifyEmailEndpoints = [
  ...defineEndpoint(
    '/auth/verify-email',
    'get',
    async (req) => verify(req, new URL(req.url ?? '', 'http://x').searchParams.get('token')),
    familyDoc('authDocs', 'authVerifyEmail'),
  ),
  ...defineEndpoint(
    '/auth/verify-email',
    'post',
    async (req) => {
      const body = await readJson(req)
      const token = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined
      if (token === undefined) throw invalidToken()
      return verify(req, parseAuthInput(tokenBody, body).token)
    },
    familyDoc('authDocs', 'authVerifyEmail'),
  ),
]

export const emailBody = z.object({ email: emailField, callbackURL: betterAuthExtras.callbackURL }).strict()

export const sendVerificationEndpoint = defineEndpoint(
  '/auth/send-verification-email',
  'post',
  async (req) => {
    const { email } = parseAuthInput(emailBody, await readJson(req))
    await resendVerification(req, email)
    return json({ status: true })
  },
  familyDoc('authDocs', 'authSendVerificationEmail'),
)
