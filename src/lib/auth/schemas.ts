// Field rules shared by the auth endpoints (SPEC "Authentication", API-CONTRACT §2).
import { z } from 'zod'

// Long enough for any real address, short enough that nobody stores a novel in it.
export const emailField = z
  .string({ error: 'email must be a string' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .toLowerCase()
  .pipe(z.email({ error: 'email is not a valid address' }))

// Checked for rules separately (weak_password); here only its type and a sane bound, so a
// 10 kB string is refused before it reaches the hasher.
export const passwordField = z.string({ error: 'password must be a string' }).min(1, 'password is required').max(1024, 'password is too long')

export const usernameField = z
  .string({ error: 'username must be a string' })
  .min(3, 'username must be 3 to 30 characters')
  .max(30, 'username must be 3 to 30 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'username may contain letters, digits, hyphen and underscore only')

export const nameField = z.string({ error: 'name must be a string' }).trim().max(100, 'name is at most 100 characters')

export const tokenField = z.string({ error: 'token must be a string' }).min(1, 'token is required').max(200, 'token is too long')

// Better Auth's client sends these on sign-up and sign-in; accepted and ignored.
export const betterAuthExtras = {
  callbackURL: z.string().max(2000).optional(),
  rememberMe: z.boolean().optional(),
  image: z.string().max(2000).optional(),
}
