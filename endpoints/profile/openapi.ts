// The OpenAPI description of /api/profile/* (docs/api.md "Profile: /api/profile"), from the schemas the
// endpoints parse with.
import { z } from 'zod'

import { EMAIL_CHANNELS, NOTIFICATION_TYPES } from '../../domain/notification-types'
import {
  booleanQuery,
  errorResponses,
  id,
  json,
  pageFields,
  paginationQuery,
  SESSION,
  timestamp,
} from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { PUBLISHED_TYPES } from '../../src/operations/profile/public-profile'
import { memberSettingsQuery } from '../admin/notification-settings'
import { markReadBody, profileChanges, settingsChange } from './index'

const TAGS = ['Profile']

const profile = z
  .object({
    userId: id,
    username: z.string(),
    displayName: z.string().meta({ description: 'Starts as the user’s name, else the username' }),
    bio: z.string().nullable(),
    avatarId: id.nullable().meta({ description: 'A community media item the user uploaded' }),
    locale: z.string().meta({ description: 'A content language (LOCALES); starts as the first' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Profile' })
const ownProfile = z.object({
  profile,
  wallet: z.object({ balance: z.string().meta({ example: '0.00' }), currency: z.string().meta({ example: 'EUR' }) }),
})

const publicProfile = z
  .object({
    username: z.string(),
    displayName: z.string(),
    bio: z.string().nullable(),
    avatarId: id.nullable(),
    memberSince: timestamp,
    published: z
      .object(Object.fromEntries(PUBLISHED_TYPES.map((name) => [name, z.int().min(0)])))
      .meta({ description: 'Publicly visible items per content type, zeros included' }),
  })
  .meta({ id: 'PublicProfile' })

const notification = z.object({
  id,
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  readAt: timestamp.nullable(),
  createdAt: timestamp,
})

const settingsByType = z.object(
  Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, z.object({ inbox: z.boolean(), email: z.enum(EMAIL_CHANNELS) })]),
  ),
)

const exportDocument = z
  .looseObject({
    exportedAt: timestamp,
    user: z.looseObject({ id }).meta({ description: 'The account (never the password hash)' }),
    roles: z.array(z.string()),
    profile: z.looseObject({}).nullable(),
    wallet: z.looseObject({}).nullable(),
    organizations: z.array(z.looseObject({ id, name: z.string(), slug: z.string(), role: z.string() })),
    notificationSettings: settingsByType.meta({
      description: 'As GET /api/profile/notification-settings answers them',
    }),
    blocks: z
      .array(z.object({ userId: id, username: z.string().nullable(), createdAt: timestamp }))
      .meta({ description: 'The members the caller blocks' }),
    sessions: z.array(z.looseObject({ id })).meta({ description: 'Without their tokens' }),
    bookingsAsCustomer: z.array(z.looseObject({ id })),
    bookingsAsProvider: z.array(z.looseObject({ id })),
    content: z.object(Object.fromEntries(PUBLISHED_TYPES.map((name) => [name, z.array(z.looseObject({ id }))]))),
    blogComments: z.array(z.looseObject({ id })),
    reports: z.array(z.looseObject({ id })),
    appeals: z.array(z.looseObject({ id })),
    notifications: z.array(z.looseObject({ id })),
    auditEntries: z.array(z.looseObject({ id })).meta({ description: 'Entries whose actor or target is the caller' }),
  })
  .meta({ id: 'PersonalDataExport' })

const notificationSettings = z.object({ settings: settingsByType }).meta({ id: 'NotificationSettings' })

const tokenQuery = z.object({
  token: z.string().optional().meta({ description: 'From the mail’s List-Unsubscribe header' }),
})
const INVALID_TOKEN = { 400: '`invalid_token`: missing, malformed, tampered, or signed for another member or type' }

const UNAUTHORIZED = { 401: '`unauthorized`: no valid session' }

export const profileDocs = familyDocs((locales: readonly string[]): PathDocs => ({
  profile: {
    get: {
      tags: TAGS,
      summary: 'The caller’s profile and wallet',
      security: SESSION,
      responses: { '200': json('The profile', ownProfile), ...errorResponses('general', UNAUTHORIZED) },
    },
    patch: {
      tags: TAGS,
      summary: 'Change the caller’s username, display name, bio, avatar or locale',
      description:
        'Usernames are unique ignoring case; `notifications` and `export` are reserved. Audit `profile.update`.',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: profileChanges(locales) } } },
      responses: {
        '200': json('The changed profile', ownProfile),
        ...errorResponses(
          'general',
          {
            400: '`invalid_body`, or `invalid_request` (a field not listed, a bad value, an avatar that is not the caller’s own image)',
            ...UNAUTHORIZED,
            409: '`username_taken`',
          },
          { write: true },
        ),
      },
    },
  },
  profileUsername: {
    get: {
      tags: TAGS,
      summary: 'A public profile (anyone; username case-insensitive)',
      requestParams: { path: z.object({ username: z.string() }) },
      responses: {
        '200': json('The public profile', publicProfile),
        ...errorResponses('general', { 404: '`not_found`: no such user, or banned' }),
      },
    },
  },
  profileNotifications: {
    get: {
      tags: TAGS,
      summary: 'The caller’s notifications, newest first',
      security: SESSION,
      requestParams: { query: z.object({ unread: booleanQuery('Only unread ones'), ...paginationQuery }) },
      responses: {
        '200': json(
          'A page of notifications',
          z.object({
            notifications: z.array(notification),
            ...pageFields,
            unread: z.int().min(0).meta({ description: 'All unread, whatever the filter' }),
          }),
        ),
        ...errorResponses('general', { 400: '`invalid_request`: a bad page, perPage or unread', ...UNAUTHORIZED }),
      },
    },
  },
  profileNotificationsRead: {
    post: {
      tags: TAGS,
      summary: 'Mark notifications read: `{ids}` (≤ 100) or `{all: true}`',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: markReadBody } } },
      responses: {
        '200': json('How many unread notifications of the caller became read', z.object({ updated: z.int().min(0) })),
        ...errorResponses('general', { 400: '`invalid_body` or `invalid_request`', ...UNAUTHORIZED }, { write: true }),
      },
    },
  },
  profileNotificationSettings: {
    get: {
      tags: TAGS,
      summary: 'The caller’s notification settings, every type (default `{inbox: true, email: "instant"}`)',
      description:
        'Account mail (verification, password reset, email change, invitations) is always sent and not a setting.',
      security: SESSION,
      responses: { '200': json('The settings', notificationSettings), ...errorResponses('general', UNAUTHORIZED) },
    },
    patch: {
      tags: TAGS,
      summary: 'Change any subset of the types, each with `inbox`, `email` or both',
      description:
        '`email`: `instant`, `daily` or `weekly` (in the digest, no instant mail) or `off`. Audit `notification_settings.update`.',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: settingsChange } } },
      responses: {
        '200': json('The whole settings', notificationSettings),
        ...errorResponses(
          'general',
          { 400: '`invalid_body`, or `invalid_request` (an unknown type, channel or value)', ...UNAUTHORIZED },
          { write: true },
        ),
      },
    },
  },
  adminNotificationSettings: {
    get: {
      tags: TAGS,
      summary: 'A member’s notification settings as they read them (admins only, read-only: for support)',
      security: SESSION,
      requestParams: { query: memberSettingsQuery },
      responses: {
        '200': json('The member’s settings', z.object({ userId: id, settings: settingsByType })),
        ...errorResponses('general', {
          400: '`invalid_request`: userId missing or not a UUID',
          403: '`forbidden`: not an admin (anonymous callers included)',
          404: '`user_not_found`',
        }),
      },
    },
  },
  profileUnsubscribe: {
    get: {
      tags: TAGS,
      summary: 'The one-click unsubscribe page: changes nothing, its button does the POST',
      requestParams: { query: tokenQuery },
      responses: {
        '200': {
          description: "A small HTML page (CSP `form-action 'self'`)",
          content: { 'text/html': { schema: z.string() } },
        },
        ...errorResponses('general', INVALID_TOKEN),
      },
    },
    post: {
      tags: TAGS,
      summary: 'One-click unsubscribe (RFC 8058): turns the token’s type’s email off for its member',
      description:
        'No session needed (one is ignored); the body a mail provider sends (`List-Unsubscribe=One-Click`) is not read. Audit `notification_settings.unsubscribe`.',
      requestParams: { query: tokenQuery },
      responses: {
        '200': json('The type, now off', z.object({ type: z.enum(NOTIFICATION_TYPES), email: z.literal('off') })),
        ...errorResponses('general', INVALID_TOKEN, { write: true }),
      },
    },
  },
  profileExport: {
    get: {
      tags: TAGS,
      summary: 'Everything stored about the caller (GDPR Art. 15 and 20), streamed as one JSON attachment',
      description: '5 per hour per user. Audit `profile.export`.',
      security: SESSION,
      responses: {
        '200': {
          description: 'The export, as an attachment',
          headers: z.object({
            'Content-Disposition': z
              .string()
              .meta({ example: 'attachment; filename="profile-export-2026-11-27.json"' }),
          }),
          content: { 'application/json': { schema: exportDocument } },
        },
        ...errorResponses('general', {
          ...UNAUTHORIZED,
          429: '`too_many_requests`: over 5 exports in the hour (or the global limit)',
        }),
      },
    },
  },
}))
