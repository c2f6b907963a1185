// The personal data export (docs/api.md "Profile: /api/profile"), streamed in keyset pages at the client's
// pace so a large account costs the server a page at a time; secrets never leave.
import type { PayloadRequest } from 'payload'

import { CONTENT_TYPES } from '../../../domain/content-types'
import { writeAudit } from '../../../hooks/shared/audit'
import { tooManyRequests } from '../../lib/http/global-rate-limit'
import { hit } from '../../lib/rate-limit'
import { settings } from '../../lib/settings'
import { execute, sql } from '../../lib/sql'
import { readSettings } from '../notifications/settings'
import { PUBLISHED_TYPES } from './public-profile'

export const EXPORT_BATCH = 500

type Row = Record<string, unknown>

/** Columns never exported, whatever table they are in (credentials and their derivatives). */
const SECRET_COLUMNS = [
  'password_hash',
  'token_hash',
  'hash',
  'salt',
  'reset_password_token',
  'reset_password_expiration',
  '_verificationtoken',
  '_verification_token',
]

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/-/g, '_')

function clean(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !SECRET_COLUMNS.includes(key))
      .map(([key, value]) => [camel(key), value]),
  )
}

/** One list of the export: rows of `table` where `where` (SQL naming the user as $user) holds. */
interface Section {
  key: string
  table: string
  /** A condition on the row alias `t`; `${userId}` is bound as a parameter. */
  where: (userId: string) => ReturnType<typeof sql>
}

const authored =
  (table: string, column: string): Section['where'] =>
  (userId) =>
    sql`${sql.identifier('t')}.${sql.identifier(column)} = ${userId}::uuid`

const SECTIONS: Section[] = [
  { key: 'sessions', table: 'sessions', where: authored('sessions', 'user_id') },
  { key: 'bookingsAsCustomer', table: 'bookings', where: authored('bookings', 'customer_id') },
  { key: 'bookingsAsProvider', table: 'bookings', where: authored('bookings', 'provider_id') },
  ...PUBLISHED_TYPES.map((name) => {
    const type = CONTENT_TYPES[name]
    return {
      key: `content.${name}`,
      table: snake(type.collection),
      where: authored(snake(type.collection), `${snake(type.authorField)}_id`),
    }
  }),
  { key: 'blogComments', table: 'blog_comments', where: authored('blog_comments', 'author_id_id') },
  { key: 'reports', table: 'content_reports', where: authored('content_reports', 'reporter_id') },
  { key: 'appeals', table: 'content_appeals', where: authored('content_appeals', 'appellant_id') },
  { key: 'notifications', table: 'notifications', where: authored('notifications', 'user_id_id') },
  {
    key: 'auditEntries',
    table: 'audit_logs',
    where: (userId) => sql`(t.user_id = ${userId} OR t.target_id = ${userId})`,
  },
]

async function one(req: PayloadRequest, query: ReturnType<typeof sql>): Promise<Row | null> {
  const rows = await execute(req, query)
  return rows[0] ? clean(rows[0]) : null
}

/** One page of a section after the row id `after` (null: from the start). */
async function page(req: PayloadRequest, section: Section, userId: string, after: string | null): Promise<Row[]> {
  const rows = await execute(
    req,
    sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(section.table)} t
         WHERE ${section.where(userId)} AND (${after}::uuid IS NULL OR t.id > ${after}::uuid)
         ORDER BY t.id LIMIT ${EXPORT_BATCH}`,
  )
  return rows.map((row) => row.row as Row)
}

/** The document, piece by piece: each yielded string is a slice of the JSON text. */
async function* exportText(req: PayloadRequest, userId: string): AsyncGenerator<string> {
  const user = await one(
    req,
    sql`SELECT u.id, u.email, u.name, u.username, u.image, u.email_verified, u.banned, u.ban_reason, u.ban_expires, u.created_at, u.updated_at, ARRAY(SELECT r.value::text FROM users_roles r WHERE r.parent_id = u.id ORDER BY r."order") AS roles FROM users u WHERE u.id = ${userId}::uuid`,
  )
  const profile = await one(req, sql`SELECT * FROM profiles WHERE user_id = ${userId}::uuid`)
  const wallet = await one(req, sql`SELECT * FROM wallets WHERE user_id = ${userId}::uuid`)
  const organizations = (
    await execute(
      req,
      sql`SELECT o.id, o.name, o.slug, m.role, m.created_at AS joined_at FROM memberships m JOIN organizations o ON o.id = m.organization_id WHERE m.user_id = ${userId}::uuid ORDER BY m.created_at`,
    )
  ).map(clean)
  const notificationSettings = await readSettings(req.payload, userId)
  // The members the caller blocks (never who blocks the caller: nobody is told of a block).
  const blocks = (
    await execute(
      req,
      sql`SELECT b.blocked_id AS user_id, p.username, to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM member_blocks b LEFT JOIN profiles p ON p.user_id = b.blocked_id WHERE b.blocker_id = ${userId}::uuid ORDER BY b.created_at`,
    )
  ).map(clean)
  yield `{"exportedAt":${JSON.stringify(new Date().toISOString())},"user":${JSON.stringify(user)},"roles":${JSON.stringify(user?.roles ?? [])},"profile":${JSON.stringify(profile)},"wallet":${JSON.stringify(wallet)},"organizations":${JSON.stringify(organizations)}`
  yield `,"notificationSettings":${JSON.stringify(notificationSettings)},"blocks":${JSON.stringify(blocks)}`
  let inContent = false
  for (const section of SECTIONS) {
    const [group, key] = section.key.includes('.') ? section.key.split('.') : [null, section.key]
    if (group && !inContent) {
      yield `,"${group}":{`
      inContent = true
    } else if (!group && inContent) {
      yield '}'
      inContent = false
    }
    const first = group ? PUBLISHED_TYPES[0] === key : true
    yield `${first && group ? '' : ','}${JSON.stringify(key)}:[`
    let after: string | null = null
    let count = 0
    for (;;) {
      const rows = await page(req, section, userId, after)
      if (rows.length > 0) yield rows.map((row) => (count++ > 0 ? ',' : '') + JSON.stringify(clean(row))).join('')
      if (rows.length < EXPORT_BATCH) break
      after = String(rows[rows.length - 1]!.id)
    }
    yield ']'
  }
  if (inContent) yield '}'
  yield '}'
}

export interface ExportStart {
  filename: string
  body: ReadableStream<Uint8Array>
}

/** Counts the export against the caller's limit (429 over it), audits it, and hands the stream back. */
export async function startExport(req: PayloadRequest, userId: string): Promise<ExportStart> {
  const limit = await hit(req.payload, `profile-export:user:${userId}`, settings().rateLimits.profileExport)
  if (limit.limited) throw tooManyRequests(limit.retryAfter, 'Too many exports; try again later')
  await writeAudit(req, { action: 'profile.export', userId, targetType: 'users', targetId: userId })
  const encoder = new TextEncoder()
  const pieces = exportText(req, userId)
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await pieces.next()
        if (done) controller.close()
        else controller.enqueue(encoder.encode(value))
      } catch (error) {
        // Headers are gone already: the client sees a cut-off document, the log the cause.
        req.payload.logger.error({ err: error, msg: `profile export of ${userId} failed mid-stream` })
        controller.error(error)
      }
    },
    async cancel() {
      await pieces.return(undefined)
    },
  })
  return { filename: `profile-export-${new Date().toISOString().slice(0, 10)}.json`, body }
}
