import { randomBytes } from 'node:crypto'

import type { CollectionBeforeOperationHook } from 'payload'

import { hashPassword } from '../../../src/lib/auth/password-hash'
import { apiError } from '../../../src/lib/http/errors'
import { checkPasswordRules } from '../../../src/lib/password-rules'

// A password set in the admin panel (create user, change password) becomes an argon2id
// hash in `passwordHash`, our one credential store. It runs before Payload's operation reads
// `data.password`, so the real password never reaches Payload's PBKDF2: a create gets a
// random stand-in (Payload's local strategy insists on one), an update none at all.
export const hashPasswordHook: CollectionBeforeOperationHook = async ({ args, operation }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data = args.data as Record<string, unknown> | undefined
  if (!data || typeof data.password !== 'string' || data.password === '') return args
  const rule = checkPasswordRules(data.password)
  if (rule) throw apiError('weak_password', rule)
  const passwordHash = await hashPassword(data.password)
  const rest: Record<string, unknown> = { ...data, passwordHash }
  delete rest.password
  if (operation === 'create') rest.password = randomBytes(32).toString('hex')
  return { ...args, data: rest }
}
