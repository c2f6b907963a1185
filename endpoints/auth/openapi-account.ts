// The OpenAPI description of the self-service routes (docs/api.md "Self-service"): request schemas are the
// ones the endpoints parse with.
import { z } from 'zod'

import { errorResponses, id, json, SESSION, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { changeEmailBody, changePasswordBody, deleteUserBody, updateUserBody } from './account'
import { accountOperation, INVALID, REMOVAL_REFUSED } from './openapi-operation'
import { revokeSessionBody } from './own-sessions'

const SIGNED_IN = '`unauthorized`: no session, or it was revoked (checked against the database, not the cookie cache)'
const BANNED = '`banned_user`: the account is banned'
const status = z.object({ status: z.literal(true) })

export const listedSession = z
  .object({
    id,
    token: id.meta({ description: 'The session’s revocation handle (its id; the token itself is never stored)' }),
    userId: id,
    expiresAt: timestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'ListedSession' })

const changedPasswordUser = z.object({
  id,
  email: z.email(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
})

// Every self-service write is a POST that changes something (the CSRF refusal applies), body or not.
const post = (
  summary: string,
  requestSchema: z.ZodType | null,
  ok: ReturnType<typeof json>,
  failures: Record<number, string>,
) => ({
  post: accountOperation(summary, { body: requestSchema ?? undefined }, ok, { 401: SIGNED_IN, ...failures }, true),
})

export const accountDocs = familyDocs((): PathDocs => ({
  authUpdateUser: post('Change one’s own name, image or username', updateUserBody, json('Updated', status), {
    400: `${INVALID}; also when no field is given`,
    403: `${BANNED}, or \`forbidden\` (CSRF rule)`,
    409: '`username_taken`',
  }),
  authChangePassword: post(
    'Change one’s password with the current one; optionally end every session and receive a new one',
    changePasswordBody,
    json(
      'Changed; `token` is the new session’s (revokeOtherSessions) or null',
      z.object({ token: z.string().nullable(), user: changedPasswordUser }),
    ),
    {
      400: `${INVALID}, \`invalid_password\` (the current password is wrong) or \`weak_password\``,
      403: `${BANNED}, or \`forbidden\` (CSRF rule)`,
    },
  ),
  authChangeEmail: post(
    'Mail a confirmation link to a new address; the email changes when it is opened',
    changeEmailBody,
    json('Mailed', status),
    {
      400: `${INVALID} (also the address already yours)`,
      403: `${BANNED}, \`session_not_fresh\` (the session is over 10 minutes old: sign in again) or \`forbidden\` (CSRF rule)`,
      409: '`user_already_exists`: another account has this email',
    },
  ),
  authDeleteUser: post(
    'Delete one’s account with its password: sessions, profile, wallet and memberships go; audit entries stay',
    deleteUserBody,
    json('Deleted; the cookies are cleared', z.object({ success: z.literal(true), message: z.string() })),
    { 400: `${INVALID} or \`invalid_password\``, 403: `${BANNED}, or \`forbidden\` (CSRF rule)`, 409: REMOVAL_REFUSED },
  ),
  authListSessions: {
    get: {
      tags: ['Accounts'],
      summary: 'One’s live sessions, newest first',
      security: SESSION,
      responses: {
        '200': json('Sessions', z.array(listedSession)),
        ...errorResponses('auth', { 401: SIGNED_IN, 403: BANNED }),
      },
    },
  },
  authRevokeSession: post(
    'End one of one’s sessions (by its listed `token` or its real token)',
    revokeSessionBody,
    json('Done (also when the token names none of one’s sessions)', status),
    {
      400: INVALID,
      403: `${BANNED}, or \`forbidden\` (CSRF rule)`,
    },
  ),
  authRevokeOtherSessions: post('End every session but this one', null, json('Done', status), {
    403: `${BANNED}, or \`forbidden\` (CSRF rule)`,
  }),
  authRevokeSessions: post('End every session, this one included', null, json('Done', status), {
    403: `${BANNED}, or \`forbidden\` (CSRF rule)`,
  }),
}))
