// POST /api/auth/forget-password {email, redirectTo} (also /request-password-reset) → {status: true}
// POST /api/auth/reset-password  {token, password} (or Better Auth's {token, newPassword}) → {status: true}
import { z } from 'zod'

import { parseAuthInput } from '../../src/lib/auth/errors'
import { emailField, passwordField, tokenField } from '../../src/lib/auth/schemas'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { requestPasswordReset, resetPassword } from '../../src/operations/auth/password-reset'

export const requestResetBody = z
  .object({ email: emailField, redirectTo: z.string({ error: 'redirectTo must be a URL' }).min(1).max(2000) })
  .strict()

const requestReset = async (req: Parameters<typeof requestPasswordReset>[0]) => {
  const { email, redirectTo } = parseAuthInput(requestResetBody, await readJson(req))
  await requestPasswordReset(req, email, redirectTo)
  return json({ status: true })
}

export const requestResetEndpoints = [
  ...defineEndpoint('/auth/forget-password', 'post', requestReset, familyDoc('authDocs', 'authForgetPassword')),
  ...defineEndpoint(
    '/auth/request-password-reset',
    'post',
    requestReset,
    familyDoc('authDocs', 'authRequestPasswordReset'),
  ),
]

// `newPassword` is Better Auth's name for the same field: its client's resetPassword() sends it.
export const resetBody = z
  .object({ token: tokenField, password: passwordField.optional(), newPassword: passwordField.optional() })
  .strict()
  .refine((body) => (body.password === undefined) !== (body.newPassword === undefined), {
    error: 'exactly one of password or newPassword is required',
    path: ['password'],
  })

export const resetPasswordEndpoint = defineEndpoint(
  '/auth/reset-password',
  'post',
  async (req) => {
    const { token, password, newPassword } = parseAuthInput(resetBody, await readJson(req))
    await resetPassword(req, token, (password ?? newPassword)!)
    return json({ status: true })
  },
  familyDoc('authDocs', 'authResetPassword'),
)
