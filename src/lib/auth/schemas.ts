// Field rules shared by the auth endpoints (docs/api.md "Accounts (/api/auth)").
import { z } from 'zod'

// Long enough for any real address, short enough that nobody stores a novel in it.
export const emailField = z
  .string({ error: 'email must be a string' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .toLowerCase()
  .pipe(z.email({ error: 'email is not a valid address' }))

// Only its type here. Length and rules are the operation's (docs/api.md "Accounts (/api/auth)"): over 128
// characters is weak_password at sign-up and reset and invalid_credentials at sign-in,
// refused in both cases before the hasher sees it.
export const passwordField = z.string({ error: 'password must be a string' }).min(1, 'password is required')

export const usernameField = z
  .string({ error: 'username must be a string' })
  .min(3, 'username must be 3 to 30 characters')
  .max(30, 'username must be 3 to 30 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'username may contain letters, digits, hyphen and underscore only')

export const nameField = z.string({ error: 'name must be a string' }).trim().max(100, 'name is at most 100 characters')

// Any string is a token to look up: an empty or over-long one simply matches nothing
// (invalid_token, docs/api.md "Accounts (/api/auth)"); only a missing field or a non-string is invalid_input.
export const tokenField = z.string({ error: 'token must be a string' })

// Better Auth's client sends these on sign-up and sign-in; accepted and ignored.
export const betterAuthExtras = {
  callbackURL: z.string().max(2000).optional(),
  rememberMe: z.boolean().optional(),
  image: z.string().max(2000).optional(),
}
