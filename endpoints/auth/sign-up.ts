// POST /api/auth/sign-up/email  {email, password, name?, username?} → {user, session: null}
import { z } from 'zod'

import { parseAuthInput } from '../../src/lib/auth/errors'
import { limitSignUp } from '../../src/lib/auth/limits'
import { betterAuthExtras, emailField, nameField, passwordField, usernameField } from '../../src/lib/auth/schemas'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { signUp } from '../../src/operations/auth/sign-up'

export const signUpBody = z
  .object({
    email: emailField,
    password: passwordField,
    name: nameField.optional(),
    username: usernameField.optional(),
    ...betterAuthExtras,
  })
  .strict()
export type SignUpBody = z.infer<typeof signUpBody>

export const signUpEndpoint = defineEndpoint(
  '/auth/sign-up/email',
  'post',
  async (req) => {
    await limitSignUp(req)
    const body = parseAuthInput(signUpBody, await readJson(req))
    const user = await signUp(req, body)
    // `token: null` as Better Auth answers when verification is required.
    return json({ user, session: null, token: null })
  },
  familyDoc('authDocs', 'authSignUpEmail'),
)
