// The routes that are not our endpoints: the shell's health check and the Payload stock
// collection routes the contract documents (the public catalogue reads, notifications).
// Stock documents change shape with `depth`, `locale` and `select`, so their fields are
// listed, optional, and the objects stay open; the list envelope and the error bodies are
// Payload's and are exact.
import { z } from 'zod'
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi'

import { id, json, nodeAnswers, SESSION, stockErrorResponses, timestamp } from '../src/lib/openapi/common'
import { NOTIFICATION_TYPES } from '../src/operations/notifications/notify'

export const listEnvelope = (item: z.ZodType) =>
  z.object({
    docs: z.array(item),
    totalDocs: z.int(),
    limit: z.int().optional().meta({ description: 'Absent with `pagination=false` (every document in one answer)' }),
    totalPages: z.int(),
    page: z.int(),
    pagingCounter: z.int(),
    hasPrevPage: z.boolean(),
    hasNextPage: z.boolean(),
    prevPage: z.int().nullable(),
    nextPage: z.int().nullable(),
  })

export const stockQuery = z.object({
  where: z
    .string()
    .optional()
    .meta({ description: 'Payload filter (`where[field][equals]=…`); only narrows what the access rules allow' }),
  sort: z.string().optional(),
  limit: z.string().optional(),
  page: z.string().optional(),
  depth: z.string().optional().meta({ description: 'Relationship depth (default 2)' }),
  locale: z.string().optional().meta({ description: 'A configured locale, or `all`' }),
})
export const idPath = z.object({ id: z.uuid().meta({ description: 'A UUID (anything else: 404 from the shell)' }) })

export const doc = (name: string, fields: Record<string, z.ZodType>) => {
  const optional = Object.fromEntries(
    Object.entries({ ...fields, createdAt: timestamp, updatedAt: timestamp }).map(([key, schema]) => [
      key,
      schema.optional(),
    ]),
  )
  return z
    .looseObject({ id, ...optional })
    .meta({ id: name, description: 'Fields as `depth`, `locale` and `select` make them; `id` is always there' })
}

const serviceDoc = doc('StockService', { slug: z.string(), status: z.string() })
const categoryDoc = doc('StockCategory', { slug: z.string() })
const slotDoc = doc('StockAvailabilitySlot', {
  dayOfWeek: z.int(),
  startTime: z.string(),
  endTime: z.string(),
  isAvailable: z.boolean(),
})
const mediaDoc = doc('StockMedia', {
  filename: z.string(),
  mimeType: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
})
const notification = z
  .object({
    id,
    userId: id,
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    body: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    readAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Notification' })

export const NOT_FOUND =
  'Not found, or not readable by the caller (Payload’s body; a non-UUID id is the shell’s `not_found`)'

// The read cache's headers (docs/api.md "Caching of public reads", docs/api.md): an
// anonymous answer is tagged and public, a signed-in one `private, no-store`.
const cacheHeaders = z.object({
  ETag: z.string().optional().meta({
    description: 'Anonymous answers: a strong tag of the collection’s version and the query',
    example: '"pC0aVb1d0ZkS3a2m5XwqQ6nH4u9yTt7E"',
  }),
  'Cache-Control': z.string().meta({
    description: 'Anonymous: `public, max-age=10, stale-while-revalidate=60`; signed in: `private, no-store`',
    example: 'public, max-age=10, stale-while-revalidate=60',
  }),
  Vary: z.string().meta({ example: 'Origin, Authorization, Cookie' }),
})
const conditional = z.object({
  'if-none-match': z
    .string()
    .optional()
    .meta({ description: 'A tag from an earlier answer: 304 while the answer has not changed' }),
})
const notModified = {
  '304': {
    description: 'Not modified (anonymous, `If-None-Match` names the current tag): no body',
    headers: cacheHeaders,
  },
}

function stockReads(
  tag: string,
  what: string,
  item: z.ZodType,
  cached = false,
): { list: ZodOpenApiOperationObject; one: ZodOpenApiOperationObject; count: ZodOpenApiOperationObject } {
  const headers = cached ? cacheHeaders : undefined
  const revalidation = cached ? notModified : {}
  const header = cached ? { header: conditional } : {}
  return {
    count: {
      tags: [tag],
      summary: `Count ${what}`,
      security: [...SESSION, {}],
      requestParams: { query: stockQuery.pick({ where: true, locale: true }) },
      responses: {
        '200': json('The count', z.object({ totalDocs: z.int() })),
        ...stockErrorResponses({ 400: 'A malformed `where`', 403: 'Not readable by the caller' }),
      },
    },
    list: {
      tags: [tag],
      summary: `List ${what}`,
      security: [...SESSION, {}],
      requestParams: { query: stockQuery, ...header },
      responses: {
        '200': json('One page', listEnvelope(item), headers),
        ...revalidation,
        ...stockErrorResponses({
          400: 'A malformed `where`, `sort`, `limit`, `page` or `depth`',
          403: 'Not readable by the caller',
        }),
      },
    },
    one: {
      tags: [tag],
      summary: `One of the ${what} by id`,
      security: [...SESSION, {}],
      requestParams: { path: idPath, query: stockQuery.pick({ depth: true, locale: true }), ...header },
      responses: {
        '200': json('Found', item, headers),
        ...revalidation,
        ...stockErrorResponses({ 400: 'A malformed query', 403: 'Not readable by the caller', 404: NOT_FOUND }),
      },
    },
  }
}

const catalogue = (path: string, what: string, item: z.ZodType): ZodOpenApiPathsObject => {
  const { list, one, count } = stockReads('Public catalogue', what, item, true)
  return { [path]: { get: list }, [`${path}/count`]: { get: count }, [`${path}/{id}`]: { get: one } }
}

const notifications = stockReads(
  'Notifications',
  'the caller’s own notifications (unread first, then newest)',
  notification,
)
const notificationChange = (summary: string, body?: z.ZodType): ZodOpenApiOperationObject => ({
  tags: ['Notifications'],
  summary,
  security: SESSION,
  requestParams: { path: idPath },
  ...(body ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
  responses: {
    '200': json('Done', z.object({ doc: notification, message: z.string() })),
    ...stockErrorResponses({
      400: 'A field other than readAt, or a malformed body',
      403: 'Anonymous, or a CSRF failure',
      404: NOT_FOUND,
      413: 'Body over 1 MiB',
      415: 'A body that is neither JSON nor multipart',
    }),
  },
})

const readiness = z.object({
  database: z.enum(['ok', 'unreachable', 'migrations_pending']),
  replicas: z.array(z.object({ ok: z.boolean(), lagSeconds: z.number().nullable() })),
  jobs: z.object({ queued: z.number().int(), failed: z.number().int() }).nullable(),
})

export const stockPaths: ZodOpenApiPathsObject = {
  '/api/health': {
    get: {
      tags: ['Operations'],
      summary: 'Liveness and database check',
      responses: {
        '200': json('Up', z.object({ status: z.literal('ok') })),
        '503': json(
          'The database does not answer',
          z.object({ status: z.literal('unavailable'), error: z.literal('database_unavailable') }),
        ),
        ...nodeAnswers,
      },
    },
  },
  '/api/health/ready': {
    get: {
      tags: ['Operations'],
      summary: 'Readiness: the load balancer routes on it',
      description:
        '200 when the primary database answers and every migration of this release is applied; 503 otherwise (`database`: `unreachable` or `migrations_pending`). Not rate-limited. `replicas`: one entry per `DATABASE_REPLICA_URLS` entry (`lagSeconds` null when unknown); `jobs`: the shared job queue, informational (null when the database does not answer).',
      responses: {
        '200': json('Ready', readiness.extend({ database: z.literal('ok') })),
        '503': json('Not ready', readiness.extend({ database: z.enum(['unreachable', 'migrations_pending']) })),
        ...nodeAnswers,
      },
    },
  },
  '/api/openapi.json': {
    get: {
      tags: ['Operations'],
      summary: 'This reference (OpenAPI 3.1)',
      responses: {
        '200': {
          description: 'The document',
          content: { 'application/json': { schema: z.looseObject({ openapi: z.literal('3.1.0') }) } },
        },
      },
    },
  },
  '/api/docs': {
    get: {
      tags: ['Operations'],
      summary: 'This reference as a page (Swagger UI)',
      responses: { '200': { description: 'The page', content: { 'text/html': { schema: z.string() } } } },
    },
  },
  '/api/docs/swagger-ui.css': {
    get: {
      tags: ['Operations'],
      summary: 'The page’s stylesheet (Swagger UI’s)',
      responses: { '200': { description: 'The stylesheet', content: { 'text/css': { schema: z.string() } } } },
    },
  },
  '/api/docs/swagger-ui-bundle.js': {
    get: {
      tags: ['Operations'],
      summary: 'The page’s renderer (Swagger UI’s bundle)',
      responses: { '200': { description: 'The script', content: { 'text/javascript': { schema: z.string() } } } },
    },
  },
  '/api/docs/start.js': {
    get: {
      tags: ['Operations'],
      summary: 'The page’s start script (points Swagger UI at this reference)',
      responses: { '200': { description: 'The script', content: { 'text/javascript': { schema: z.string() } } } },
    },
  },
  ...catalogue(
    '/api/service-listings',
    'services (the public: `active` ones; an organization’s owners and admins: also its other ones)',
    serviceDoc,
  ),
  ...catalogue('/api/service-categories', 'categories (the public: `isActive` ones)', categoryDoc),
  ...catalogue(
    '/api/service-availability',
    'availability slots (the public: of active services; an organization’s owners and admins: also of its other ones)',
    slotDoc,
  ),
  ...catalogue('/api/service-media', 'media (the public: shown by an active service or category)', mediaDoc),
  '/api/service-media/file/{filename}': {
    get: {
      tags: ['Public catalogue'],
      summary: 'A media file or thumbnail',
      security: [...SESSION, {}],
      requestParams: { path: z.object({ filename: z.string() }) },
      responses: {
        '200': { description: 'The file', content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } },
        ...stockErrorResponses({
          400: 'A malformed file name (e.g. a bad %-escape)',
          403: 'Not readable by the caller',
          404: '`not_found`: no media has that file',
        }),
      },
    },
  },
  '/api/notifications': { get: notifications.list },
  '/api/notifications/count': { get: notifications.count },
  '/api/notifications/{id}': {
    get: notifications.one,
    patch: notificationChange(
      'Mark one read (readAt is the only field that changes)',
      z.object({ readAt: timestamp.nullable() }),
    ),
    delete: notificationChange('Delete one'),
  },
}
