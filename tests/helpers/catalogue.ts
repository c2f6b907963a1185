// Shared by the catalogue test files: HTTP calls to the admin API as a given user, fixtures
// made through that API, and looks into the database (audit entries, counts).
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import { mediaFolder } from '../../src/lib/media/folders'
import { sql, type TestApp } from './test-app'
import { authHeaders, createAdmin, createUser, type TestUser } from './users'

export interface Reply<T = any> {
  status: number
  body: T
}

export const CLIENT_HEADERS = { 'x-real-ip': '203.0.113.42', 'user-agent': 'catalogue-tests/1.0' }

export async function call(
  app: TestApp,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; raw?: string } = {},
): Promise<Reply> {
  const hasBody = options.body !== undefined || options.raw !== undefined
  const response = await app.request(path, {
    method,
    headers: { ...CLIENT_HEADERS, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

export interface Actor {
  user: TestUser
  headers: Record<string, string>
  get: (path: string, query?: Record<string, string>) => Promise<Reply>
  send: (path: string, body: unknown, method?: string) => Promise<Reply>
}

export function actor(app: TestApp, user: TestUser, headers: Record<string, string>): Actor {
  return {
    user,
    headers,
    get: (path, query) => call(app, 'GET', query ? `${path}?${new URLSearchParams(query)}` : path, { headers }),
    send: (path, body, method = 'POST') => call(app, method, path, { headers, body }),
  }
}

export async function adminActor(app: TestApp): Promise<Actor> {
  const admin = await createAdmin(app)
  return actor(app, admin, admin.headers)
}

export async function citizenActor(app: TestApp): Promise<Actor> {
  const user = await createUser(app)
  return actor(app, user, await authHeaders(app, user))
}

export const anonymous = (app: TestApp): Actor => actor(app, { id: '', email: '', password: '', roles: [] }, {})

export const SERVICES = '/api/admin/services/services'
export const CATEGORIES = '/api/admin/services/categories'
export const AVAILABILITY = '/api/admin/services/availability'

export const uniqueSlug = (prefix = 'svc') => `${prefix}-${randomBytes(4).toString('hex')}`

export async function makeCategory(admin: Actor, fields: Record<string, unknown> = {}): Promise<any> {
  const reply = await admin.send(CATEGORIES, {
    action: 'create',
    slug: uniqueSlug('cat'),
    name: { en: 'Category', fr: 'Catégorie' },
    ...fields,
  })
  if (reply.status !== 201) throw new Error(`makeCategory: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.category
}

export async function makeService(
  admin: Actor,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; slug: string }> {
  const reply = await admin.send(SERVICES, {
    action: 'create',
    slug: uniqueSlug(),
    providerId: admin.user.id,
    ...fields,
  })
  if (reply.status !== 201) throw new Error(`makeService: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body
}

export async function makeSlot(admin: Actor, serviceId: string, fields: Record<string, unknown> = {}): Promise<any> {
  const reply = await admin.send(AVAILABILITY, {
    action: 'create',
    serviceId,
    dayOfWeek: 1,
    startTime: '09:00',
    endTime: '12:00',
    ...fields,
  })
  if (reply.status !== 201) throw new Error(`makeSlot: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.slot
}

// The smallest valid PNG (1×1), for media documents.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

export async function makeMedia(app: TestApp, alt = 'A picture'): Promise<string> {
  const doc = await app.payload.create({
    collection: 'service-media',
    overrideAccess: true,
    data: { alt } as never,
    file: { data: PNG, mimetype: 'image/png', name: `test-${randomBytes(6).toString('hex')}.png`, size: PNG.length },
  })
  return String(doc.id)
}

/** The folder local storage writes to: the file's own (MEDIA_DIR, tests/helpers/file-setup.ts). */
export const MEDIA_DIR = mediaFolder()

/** The community media folder (collections/CommunityMedia: `community` inside the media folder). */
export const COMMUNITY_MEDIA_DIR = path.join(MEDIA_DIR, 'community')

/**
 * Removes the stored files (and thumbnails) of every media row in a database, service and
 * community media: each test file has a database of its own, so its rows are exactly the
 * files it wrote.
 */
export async function removeStoredMedia(
  query: (text: string) => Promise<Array<{ filename: string | null; thumbnail: string | null }>>,
): Promise<void> {
  for (const [table, dir] of [
    ['service_media', MEDIA_DIR],
    ['community_media', COMMUNITY_MEDIA_DIR],
  ] as const) {
    const rows = await query(`SELECT filename, sizes_thumbnail_filename AS thumbnail FROM ${table}`)
    const names = rows.flatMap((row) => [row.filename, row.thumbnail]).filter((name): name is string => Boolean(name))
    await Promise.all(names.map((name) => fs.rm(path.join(dir, path.basename(name)), { force: true })))
  }
}

export const dropMedia = (app: TestApp): Promise<void> => removeStoredMedia((text) => sql(app, text))

export interface AuditRow {
  action: string
  user_id: string | null
  target_type: string | null
  target_id: string | null
  ip: string | null
  user_agent: string | null
  data: any
}

export async function audits(app: TestApp, action: string, targetId?: string): Promise<AuditRow[]> {
  return sql<AuditRow>(
    app,
    `SELECT action, user_id, target_type, target_id, ip, user_agent, data FROM audit_logs WHERE action = $1 ${targetId ? 'AND target_id = $2' : ''} ORDER BY created_at`,
    targetId ? [action, targetId] : [action],
  )
}

export async function count(app: TestApp, table: string, where = 'TRUE', values: unknown[] = []): Promise<number> {
  const [row] = await sql<{ n: string }>(app, `SELECT count(*) AS n FROM ${table} WHERE ${where}`, values)
  return Number(row!.n)
}

/** Row counts of everything a catalogue write can touch: equal before and after a refusal. */
export async function snapshot(app: TestApp): Promise<Record<string, number>> {
  const tables = [
    'service_listings',
    'service_listings_translations',
    'service_listings_media',
    'service_categories',
    'service_categories_locales',
    'service_availability',
    'audit_logs',
  ]
  const counts = await Promise.all(tables.map((table) => count(app, table)))
  return Object.fromEntries(tables.map((table, index) => [table, counts[index]!]))
}

export const MISSING_ID = '00000000-0000-4000-8000-000000000000'
