// The OpenAPI description of /api/auth (docs/api.md "Accounts (/api/auth)"): the request schemas are the
// ones the endpoints parse with; the answers are described here, beside them.
import { z } from 'zod'

import { ROLES } from '../../domain/permissions'
import { errorResponses, id, json, SESSION, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { setActiveBody } from './organizations'
import { requestResetBody, resetBody } from './password'
import { signInBody } from './sign-in'
import { signUpBody } from './sign-up'
import { emailBody, tokenBody } from './verification'

const user = z
  .object({ id, email: z.email(), name: z.string().nullable(), emailVerified: z.boolean() })
  .meta({ id: 'AuthUser' })
const sessionUser = user
  .extend({
    roles: z
      .array(z.enum(ROLES))
      .meta({ description: 'Roles: citizen, moderator, admin (docs/api.md "Roles and permissions")' }),
    role: z.string().meta({
      description: '`roles` joined by commas, as Better Auth’s admin plugin writes it',
      example: 'citizen,moderator',
    }),
  })
  .meta({ id: 'SessionUser' })
const newUser = user
  .extend({ username: z.string().nullable(), createdAt: timestamp.nullable() })
  .meta({ id: 'NewUser' })
const session = z
  .object({ id, userId: id, expiresAt: timestamp, activeOrganizationId: id.nullable() })
  .meta({ id: 'Session', description: 'The session (7 days, sliding at most once a day)' })
const organization = z
  .object({ id, name: z.string(), slug: z.string(), role: z.string().meta({ example: 'owner' }), createdAt: timestamp })
  .meta({ id: 'MemberOrganization' })
const status = z.object({ status: z.literal(true) })

const body = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } })
const errors = (statuses: Record<number, string>) => errorResponses('auth', statuses, { write: true })
const INVALID =
  '`invalid_input` (a field missing, malformed, of the wrong type, or unknown) or `invalid_body` (not JSON)'
const sessionCookies = z.object({
  'set-auth-token': z.string().meta({ description: 'The session token, for bearer clients' }),
  'Set-Cookie': z.string().meta({
    description:
      '`community.session` (7 days) and `community.session_data` (signed snapshot, 300 s); HttpOnly, Secure, SameSite=Lax',
  }),
})

const verifyAnswers = {
  '200': json('Verified', z.object({ status: z.literal(true), user })),
  ...errors({
    400: '`invalid_token` (missing, unknown, expired, used, or for another purpose) or `invalid_input` (a token that is not a string)',
    409: '`user_already_exists`: a change-email link whose address another account took meanwhile',
  }),
}

export const authDocs = familyDocs((): PathDocs => ({
  authSignUpEmail: {
    post: {
      tags: ['Accounts'],
      summary: 'Create an account (unverified; a verification mail follows)',
      requestBody: body(signUpBody),
      responses: {
        '200': json('Created; no session is issued', z.object({ user: newUser, session: z.null(), token: z.null() })),
        ...errors({
          400: `${INVALID}, or \`weak_password\` (rules unmet, over 128 characters)`,
          403: '`signup_blocked`: the email, its domain or the client IP meets a `block` screening entry (nothing is created or sent, whether or not the email has an account), or `forbidden` (CSRF rule)',
          409: '`user_already_exists` (email taken, any case) or `username_taken`',
          429: '`too_many_requests`: 10 sign-ups per hour per client IP',
        }),
      },
    },
  },
  authSendVerificationEmail: {
    post: {
      tags: ['Accounts'],
      summary: 'Send a fresh verification link (same answer whether or not the email has an account)',
      requestBody: body(emailBody),
      responses: { '200': json('Accepted', status), ...errors({ 400: INVALID }) },
    },
  },
  authVerifyEmail: {
    get: {
      tags: ['Accounts'],
      summary: 'Verify an email address (the link in the mail)',
      requestParams: { query: z.object({ token: z.string().optional() }) },
      responses: verifyAnswers,
    },
    post: {
      tags: ['Accounts'],
      summary: 'Verify an email address',
      requestBody: body(tokenBody),
      responses: verifyAnswers,
    },
  },
  authSignInEmail: {
    post: {
      tags: ['Accounts'],
      summary: 'Sign in: a new session, as token, header and cookies',
      requestBody: body(signInBody),
      responses: {
        '200': json(
          'Signed in',
          z.object({
            redirect: z.literal(false),
            token: z.string(),
            user,
            session: session.omit({ activeOrganizationId: true }),
          }),
          sessionCookies,
        ),
        ...errors({
          400: INVALID,
          401: '`invalid_credentials` (unknown email or wrong password, one body for both) or `email_not_verified`',
          403: '`banned_user` (the password matched and the account is banned: the message is the ban’s reason), `account_pending_approval` (the password matched and sign-up screening holds the account until an admin approves it) or `forbidden` (CSRF rule)',
          429: '`too_many_requests`: 5 attempts per 15 min per client IP, or 5 failures per 15 min per email',
        }),
      },
    },
  },
  authGetSession: {
    get: {
      tags: ['Accounts'],
      summary: 'The current session and user, or null',
      security: [...SESSION, {}],
      responses: {
        '200': json('The session, or `null` without a valid one', z.object({ session, user: sessionUser }).nullable()),
        ...errorResponses('auth', {}),
      },
    },
  },
  authSignOut: {
    post: {
      tags: ['Accounts'],
      summary: 'Revoke the presented session and clear the cookies (idempotent)',
      security: [...SESSION, {}],
      responses: { '200': json('Signed out', z.object({ success: z.literal(true) })), ...errors({}) },
    },
  },
  authForgetPassword: {
    post: {
      tags: ['Accounts'],
      summary: 'Mail a password-reset link (same answer for unknown emails)',
      requestBody: body(requestResetBody),
      responses: {
        '200': json('Accepted', status),
        ...errors({ 400: `${INVALID}, or \`invalid_redirect\` (redirectTo not on a trusted origin)` }),
      },
    },
  },
  authRequestPasswordReset: {
    post: {
      tags: ['Accounts'],
      summary: 'The same as /api/auth/forget-password (Better Auth’s newer name)',
      requestBody: body(requestResetBody),
      responses: { '200': json('Accepted', status), ...errors({ 400: `${INVALID}, or \`invalid_redirect\`` }) },
    },
  },
  authResetPassword: {
    post: {
      tags: ['Accounts'],
      summary: 'Set a new password with a reset token; revokes every session of the user',
      requestBody: body(resetBody),
      responses: {
        '200': json('Password changed', status),
        ...errors({ 400: `${INVALID}, \`weak_password\` or \`invalid_token\`` }),
      },
    },
  },
  authOrganizationList: {
    get: {
      tags: ['Accounts'],
      summary: 'The caller’s organization memberships',
      security: SESSION,
      responses: {
        '200': json('Memberships (`[]` when none)', z.array(organization)),
        ...errorResponses('auth', { 401: '`unauthorized`: no session' }),
      },
    },
  },
  authOrganizationSetActive: {
    post: {
      tags: ['Accounts'],
      summary:
        'Choose this session’s active organization by id or slug (`organizationId: null` clears it; `{}` answers the current one and changes nothing)',
      security: SESSION,
      requestBody: body(setActiveBody),
      responses: {
        '200': json(
          'The organization (null when cleared, or none is active) and the session',
          z.object({ organization: organization.nullable(), session }),
        ),
        ...errors({
          400: INVALID,
          401: '`unauthorized`: no session, or it was revoked',
          403: '`forbidden`: not a member, no such organization (by id or slug), or a failed CSRF check',
        }),
      },
    },
  },
}))
