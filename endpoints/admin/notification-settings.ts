// GET /api/admin/notification-settings?userId=… → {userId, settings}: a member's notification settings as they
// read them, for support (docs/api.md "Notification settings"); admins only, read-only.
import { z } from 'zod'

import { parseInput } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { apiError } from '../../src/lib/http/errors'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { execute, sql } from '../../src/lib/sql'
import { readSettings } from '../../src/operations/notifications/settings'
import { requireAdmin } from '../guards'
import { uuid } from './services/actions'

export const ADMIN_NOTIFICATION_SETTINGS = '/admin/notification-settings'

export const memberSettingsQuery = z.object({ userId: uuid('userId') }).strict()

export const adminNotificationSettingsEndpoints = defineEndpoint(
  ADMIN_NOTIFICATION_SETTINGS,
  'get',
  async (req) => {
    requireAdmin(req)
    const { userId } = parseInput(memberSettingsQuery, Object.fromEntries(req.searchParams))
    const [user] = await execute(req, sql`SELECT 1 FROM users WHERE id = ${userId}::uuid`)
    if (!user) throw apiError('user_not_found')
    return json({ userId, settings: await readSettings(req.payload, userId) })
  },
  familyDoc('profileDocs', 'adminNotificationSettings'),
)
