// /api/profile/*: the caller's profile and wallet, public profiles by username, the
// notifications inbox and the personal data export (docs/api.md "Profile: /api/profile"). Signed in,
// else 401 `unauthorized`, except the public profile. The literal sub-paths come before
// `/profile/:username` (their names are reserved usernames: src/operations/auth/usernames.ts).
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { PROFILE_BIO_MAX, PROFILE_DISPLAY_NAME_MAX } from '../../collections/Profiles'
import { EMAIL_CHANNELS, NOTIFICATION_TYPES } from '../../domain/notification-types'
import { usernameField } from '../../src/lib/auth/schemas'
import { invalidBody, parseInput, readJson } from '../../src/lib/http/body'
import { defineEndpoint, defineRoute } from '../../src/lib/http/endpoint'
import { apiError, unauthorized } from '../../src/lib/http/errors'
import { requireUser } from '../../src/lib/http/guards'
import { json } from '../../src/lib/http/respond'
import { localeCodes, unknownLanguage } from '../../src/lib/locales'
import { familyDoc } from '../../src/lib/openapi/routes'
import { changeSettings, readSettings } from '../../src/operations/notifications/settings'
import { readUnsubscribeToken } from '../../src/operations/notifications/unsubscribe-token'
import { startExport } from '../../src/operations/profile/export'
import { inboxAnswer, markRead } from '../../src/operations/profile/inbox'
import { getOwnProfile, updateOwnProfile } from '../../src/operations/profile/profile'
import { getPublicProfile } from '../../src/operations/profile/public-profile'
import { uuid } from '../admin/services/actions'

export const MARK_READ_MAX = 100

/** PATCH /api/profile: only these fields (another one is 400 invalid_request), at least one. */
export function profileChanges(locales: readonly string[]) {
  return z
    .object({
      username: usernameField,
      displayName: z.string().trim().min(1).max(PROFILE_DISPLAY_NAME_MAX),
      bio: z.string().max(PROFILE_BIO_MAX).nullable(),
      avatarId: uuid('avatarId').nullable(),
      locale: z.string().superRefine((code, ctx) => {
        const message = unknownLanguage(code, locales)
        if (message) ctx.addIssue({ code: 'custom', message })
      }),
    })
    .partial()
    .strict()
    .refine((body) => Object.keys(body).length > 0, 'Nothing to update: send at least one field')
}

export const markReadBody = z.union([
  z.object({ ids: z.array(uuid('ids[]')).min(1).max(MARK_READ_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
])

const channelChange = z
  .object({ inbox: z.boolean(), email: z.enum(EMAIL_CHANNELS) })
  .partial()
  .strict()
  .refine((setting) => Object.keys(setting).length > 0, 'Send inbox, email or both')

/** PATCH /api/profile/notification-settings: any subset of the types, each with inbox, email or both. */
export const settingsChange = z
  .object({
    settings: z
      .object(
        Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, channelChange])) as Record<
          (typeof NOTIFICATION_TYPES)[number],
          typeof channelChange
        >,
      )
      .partial()
      .strict(),
  })
  .strict()

const invalidToken = () => apiError('invalid_token', 'The unsubscribe link is not valid')

function unsubscribeTarget(req: PayloadRequest) {
  const token = req.searchParams.get('token')
  const target = token ? readUnsubscribeToken(req.payload.secret, token) : null
  if (!target) throw invalidToken()
  return target
}

// The page a link scanner may open freely: it changes nothing, its button does the POST.
const unsubscribePage = (action: string, type: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribe</title></head><body>
<h1>Unsubscribe</h1>
<p>Stop the emails about <strong>${type}</strong>? Notifications stay in your inbox.</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>
</body></html>
`

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

async function readObject(req: PayloadRequest): Promise<unknown> {
  const body = await readJson(req)
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidBody('The request body must be a JSON object')
  return body
}

const callerId = (req: PayloadRequest) => String(requireUser(req).id)

export const profileEndpoints = [
  ...defineEndpoint(
    '/profile',
    'get',
    async (req) => json(await getOwnProfile(req, callerId(req))),
    familyDoc('profileDocs', 'profile'),
  ),

  ...defineEndpoint(
    '/profile',
    'patch',
    async (req) => {
      const userId = callerId(req)
      const changes = parseInput(profileChanges(localeCodes(req.payload)), await readObject(req))
      return json(await updateOwnProfile(req, userId, changes))
    },
    familyDoc('profileDocs', 'profile'),
  ),

  // A hot signed-in read: the shell answers it without Payload's request setup.
  ...defineRoute({
    path: '/profile/notifications',
    methods: 'get',
    handler: async (req) =>
      json(await inboxAnswer(req.payload, req.user ? String(req.user.id) : undefined, req.searchParams)),
    shell: {
      answer: ({ payload, user, searchParams }) =>
        inboxAnswer(payload, user ? String(user.id) : undefined, searchParams),
    },
    doc: familyDoc('profileDocs', 'profileNotifications'),
  }),

  ...defineEndpoint(
    '/profile/notifications/read',
    'post',
    async (req) => {
      const userId = callerId(req)
      return json(await markRead(req, userId, parseInput(markReadBody, await readObject(req))))
    },
    familyDoc('profileDocs', 'profileNotificationsRead'),
  ),

  ...defineEndpoint(
    '/profile/notification-settings',
    'get',
    async (req) => json({ settings: await readSettings(req.payload, callerId(req)) }),
    familyDoc('profileDocs', 'profileNotificationSettings'),
  ),

  ...defineEndpoint(
    '/profile/notification-settings',
    'patch',
    async (req) => {
      const userId = callerId(req)
      const { settings } = parseInput(settingsChange, await readObject(req))
      const changed = await changeSettings(req, userId, settings)
      if (!changed) throw unauthorized()
      return json({ settings: changed })
    },
    familyDoc('profileDocs', 'profileNotificationSettings'),
  ),

  // The token is the authority, not a session (a mail provider posts it with none): docs/api.md "Notification
  // settings".
  ...defineEndpoint(
    '/profile/unsubscribe',
    'get',
    async (req) => {
      const { type } = unsubscribeTarget(req)
      const action = `/api/profile/unsubscribe?token=${encodeURIComponent(req.searchParams.get('token') ?? '')}`
      return new Response(unsubscribePage(escapeAttribute(action), type), {
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        },
      })
    },
    familyDoc('profileDocs', 'profileUnsubscribe'),
  ),

  ...defineEndpoint(
    '/profile/unsubscribe',
    'post',
    async (req) => {
      const { userId, type } = unsubscribeTarget(req)
      const settings = await changeSettings(
        req,
        userId,
        { [type]: { email: 'off' } },
        'notification_settings.unsubscribe',
      )
      if (!settings) throw invalidToken()
      return json({ type, email: settings[type].email })
    },
    familyDoc('profileDocs', 'profileUnsubscribe'),
  ),

  ...defineEndpoint(
    '/profile/export',
    'get',
    async (req) => {
      const { filename, body } = await startExport(req, callerId(req))
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="${filename}"`,
          'cache-control': 'no-store',
        },
      })
    },
    familyDoc('profileDocs', 'profileExport'),
  ),

  // Last: the literal sub-paths above win, as in Payload's router. A hot public read, answered by the shell.
  ...defineRoute({
    path: '/profile/:username',
    methods: 'get',
    handler: async (req) => json(await getPublicProfile(req.payload, String(req.routeParams?.username ?? ''))),
    shell: { answer: ({ payload, params }) => getPublicProfile(payload, params.username ?? '') },
    doc: familyDoc('profileDocs', 'profileUsername'),
  }),
]
