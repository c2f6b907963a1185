// The authentication error codes of docs/api.md "Error bodies" and docs/api.md "Accounts (/api/auth)", declared once.
import { z } from 'zod'

import { issuesOf } from '../http/body'
import { ApiError } from '../http/errors'

export const invalidInput = (message: string) => new ApiError(400, 'invalid_input', message)
export const weakPassword = (message: string) => new ApiError(400, 'weak_password', message)
export const invalidToken = () => new ApiError(400, 'invalid_token', 'The token is invalid, expired or already used')
export const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Invalid email or password')
export const emailNotVerified = () => new ApiError(401, 'email_not_verified', 'Email not verified')
export const userAlreadyExists = () => new ApiError(409, 'user_already_exists', 'An account with this email already exists')
export const usernameTaken = () => new ApiError(409, 'username_taken', 'This username is already taken')
export const invalidRedirect = () => new ApiError(400, 'invalid_redirect', 'redirectTo must be a URL on a trusted origin')

/** zod for the auth family: a failure is 400 invalid_input naming the first bad field. */
export function parseAuthInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const first = issuesOf(result.error)[0]
  throw invalidInput(first ? `${first.path}: ${first.message}` : 'Invalid input')
}
export const invalidPassword = () => new ApiError(400, 'invalid_password', 'Invalid password')
export const sessionNotFresh = () => new ApiError(403, 'session_not_fresh', 'Sign in again (a session from the last 10 minutes is required)')
