// The authentication error codes of docs/api.md "Error bodies" and docs/api.md "Accounts (/api/auth)", declared once.
import { z } from 'zod'

import { issuesOf } from '../http/body'
import { apiError } from '../http/errors'

export const invalidInput = (message: string) => apiError('invalid_input', message)
export const weakPassword = (message: string) => apiError('weak_password', message)
export const invalidToken = () => apiError('invalid_token')
export const invalidCredentials = () => apiError('invalid_credentials')
export const emailNotVerified = () => apiError('email_not_verified')
export const userAlreadyExists = () => apiError('user_already_exists')
export const usernameTaken = () => apiError('username_taken')
export const invalidRedirect = () => apiError('invalid_redirect')
export const signupBlocked = () => apiError('signup_blocked')
export const accountPendingApproval = () => apiError('account_pending_approval')

/** zod for the auth family: a failure is 400 invalid_input naming the first bad field. */
export function parseAuthInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const first = issuesOf(result.error)[0]
  throw invalidInput(first ? `${first.path}: ${first.message}` : 'Invalid input')
}
export const invalidPassword = () => apiError('invalid_password')
export const sessionNotFresh = () => apiError('session_not_fresh')
