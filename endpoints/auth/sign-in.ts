// POST /api/auth/sign-in/email  {email, password} → {user, session, token} + cookies
import { z } from 'zod'

import { parseAuthInput } from '../../src/lib/auth/errors'
import { presentUser } from '../../src/lib/auth/present'
import { betterAuthExtras, emailField, passwordField } from '../../src/lib/auth/schemas'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { familyDoc } from '../../src/lib/openapi/routes'
import { signIn } from '../../src/operations/auth/sign-in'
import { withSession } from './session-response'

export const signInBody = z.object({ email: emailField, password: passwordField, ...betterAuthExtras }).strict()

export const signInEndpoint = defineEndpoint(
  '/auth/sign-in/email',
  'post',
  async (req) => {
    const { email, password } = parseAuthInput(signInBody, await readJson(req))
    const result = await signIn(req, email, password)
    const { session } = result.snapshot
    return withSession(
      {
        redirect: false,
        token: result.token,
        user: presentUser(result.user),
        session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt },
      },
      result,
    )
  },
  familyDoc('authDocs', 'authSignInEmail'),
)
