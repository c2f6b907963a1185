// What the fuzzer aims at, derived from the running Payload config: every root endpoint
// (so routes merged later are fuzzed without edits here) and every route of every collection
// (Payload's stock REST routes are part of `collection.endpoints` once the config is
// sanitized). Known endpoints get a request shape below; an unknown one is fuzzed with
// generic objects until someone adds its shape.
import type { Payload } from 'payload'

export type Kind =
  'string' | 'email' | 'password' | 'uuid' | 'date' | 'time' | 'int' | 'bool' | 'slug' | 'locales' | 'url' | 'array'

/** A body (or query) shape: the field names a valid request would carry, and their kind. */
export type Shape = Record<string, Kind | { literal: string }>

export interface Target {
  method: string
  /** Express-style path under /api, e.g. `/users/:id`. */
  path: string
  /** The collection slug when this is a collection's route. */
  collection?: string
  /** Body shapes (one is picked per request); query shape for GETs. */
  bodies: Shape[]
  query: Shape
}

const action = (name: string, shape: Shape = {}): Shape => ({ action: { literal: name }, ...shape })

const SERVICE: Shape = {
  slug: 'slug',
  providerId: 'uuid',
  categoryId: 'uuid',
  status: 'string',
  basePrice: 'string',
  currency: 'string',
  durationMinutes: 'int',
  seatsPerSlot: 'int',
  translations: 'array',
  media: 'array',
  isFeatured: 'bool',
}
const CATEGORY: Shape = {
  slug: 'slug',
  name: 'locales',
  description: 'locales',
  parentId: 'uuid',
  sortOrder: 'int',
  isActive: 'bool',
}
const SLOT: Shape = { serviceId: 'uuid', dayOfWeek: 'int', startTime: 'time', endTime: 'time', isAvailable: 'bool' }
const PAGE: Shape = { page: 'int', perPage: 'int', q: 'string' }

/**
 * Request shapes of the documented endpoints, keyed `METHOD /path` (docs/api.md).
 * Bookings, media and moderation are listed ahead of their merge: a key that matches no
 * route is simply unused.
 */
export const SHAPES: Record<string, { bodies?: Shape[]; query?: Shape }> = {
  'POST /auth/sign-up/email': {
    bodies: [{ email: 'email', password: 'password', name: 'string', username: 'string' }],
  },
  'POST /auth/sign-in/email': { bodies: [{ email: 'email', password: 'password' }] },
  'POST /auth/send-verification-email': { bodies: [{ email: 'email' }] },
  'GET /auth/verify-email': { query: { token: 'string' } },
  'POST /auth/verify-email': { bodies: [{ token: 'string' }] },
  'POST /auth/forget-password': { bodies: [{ email: 'email', redirectTo: 'url' }] },
  'POST /auth/request-password-reset': { bodies: [{ email: 'email', redirectTo: 'url' }] },
  'POST /auth/reset-password': { bodies: [{ token: 'string', password: 'password' }] },
  'POST /auth/organization/set-active': { bodies: [{ organizationId: 'uuid' }, { organizationSlug: 'slug' }, {}] },
  // Self-service (docs/api.md "Accounts beyond sign-in (/api/auth)").
  'POST /auth/update-user': { bodies: [{ name: 'string', image: 'url', username: 'string' }] },
  'POST /auth/change-password': {
    bodies: [{ currentPassword: 'password', newPassword: 'password', revokeOtherSessions: 'bool' }],
  },
  'POST /auth/change-email': { bodies: [{ newEmail: 'email', callbackURL: 'url' }] },
  'POST /auth/delete-user': { bodies: [{ password: 'password' }] },
  'POST /auth/revoke-session': { bodies: [{ token: 'string' }] },
  // User administration (docs/api.md "Accounts beyond sign-in (/api/auth)").
  'GET /auth/admin/list-users': {
    query: {
      searchValue: 'string',
      searchField: 'string',
      searchOperator: 'string',
      filterField: 'string',
      filterValue: 'string',
      filterOperator: 'string',
      sortBy: 'string',
      sortDirection: 'string',
      limit: 'int',
      offset: 'int',
    },
  },
  'GET /auth/admin/get-user': { query: { id: 'uuid' } },
  'GET /auth/admin/list-user-sessions': { query: { userId: 'uuid' } },
  'POST /auth/admin/create-user': {
    bodies: [{ email: 'email', password: 'password', name: 'string', role: 'string' }],
  },
  'POST /auth/admin/update-user': { bodies: [{ userId: 'uuid', data: 'array' }] },
  'POST /auth/admin/set-role': {
    bodies: [
      { userId: 'uuid', role: 'string' },
      { userId: 'uuid', role: 'array' },
    ],
  },
  'POST /auth/admin/ban-user': { bodies: [{ userId: 'uuid', banReason: 'string', banExpiresIn: 'int' }] },
  'POST /auth/admin/unban-user': { bodies: [{ userId: 'uuid' }] },
  'POST /auth/admin/list-user-sessions': { bodies: [{ userId: 'uuid' }] },
  'POST /auth/admin/revoke-user-session': { bodies: [{ sessionToken: 'string' }] },
  'POST /auth/admin/revoke-user-sessions': { bodies: [{ userId: 'uuid' }] },
  'POST /auth/admin/remove-user': { bodies: [{ userId: 'uuid' }] },
  'POST /auth/admin/set-user-password': { bodies: [{ userId: 'uuid', newPassword: 'password' }] },
  // Organizations (docs/api.md "Accounts beyond sign-in (/api/auth)").
  'POST /auth/organization/create': {
    bodies: [
      { name: 'string', slug: 'slug' },
      { name: 'string', slug: 'slug', logo: 'url', metadata: 'array', keepCurrentActiveOrganization: 'bool' },
    ],
  },
  'POST /auth/organization/update': { bodies: [{ organizationId: 'uuid', data: 'array' }] },
  'POST /auth/organization/delete': { bodies: [{ organizationId: 'uuid' }] },
  'POST /auth/organization/check-slug': { bodies: [{ slug: 'slug' }] },
  'GET /auth/organization/get-full-organization': { query: { organizationId: 'uuid', organizationSlug: 'slug' } },
  'GET /auth/organization/list-members': { query: { organizationId: 'uuid', limit: 'int', offset: 'int' } },
  'POST /auth/organization/update-member-role': {
    bodies: [
      { memberId: 'uuid', role: 'string', organizationId: 'uuid' },
      { memberId: 'uuid', role: 'array', organizationId: 'uuid' },
    ],
  },
  'POST /auth/organization/remove-member': { bodies: [{ memberIdOrEmail: 'email', organizationId: 'uuid' }] },
  'POST /auth/organization/leave': { bodies: [{ organizationId: 'uuid' }] },
  'POST /auth/organization/invite-member': {
    bodies: [
      { email: 'email', role: 'string', organizationId: 'uuid', resend: 'bool' },
      { email: 'email', role: 'array', organizationId: 'uuid' },
    ],
  },
  'POST /auth/organization/accept-invitation': { bodies: [{ invitationId: 'uuid' }] },
  'POST /auth/organization/reject-invitation': { bodies: [{ invitationId: 'uuid' }] },
  'POST /auth/organization/cancel-invitation': { bodies: [{ invitationId: 'uuid' }] },
  'GET /auth/organization/get-invitation': { query: { id: 'uuid' } },
  'GET /auth/organization/list-invitations': { query: { organizationId: 'uuid' } },
  'GET /admin/services/services': {
    query: { id: 'uuid', status: 'string', category: 'uuid', featured: 'bool', ...PAGE },
  },
  'GET /admin/services/categories': { query: { id: 'uuid', all: 'bool', parent: 'uuid', ...PAGE } },
  'GET /admin/services/availability': { query: { serviceId: 'uuid' } },
  'GET /admin/services/bookings': { query: { status: 'string', from: 'date', to: 'date', ...PAGE } },
  'GET /admin/services/media': { query: { type: 'string', ...PAGE } },
  'POST /services/bookings': {
    bodies: [
      {
        serviceId: 'uuid',
        bookingDate: 'date',
        bookingTime: 'time',
        customerMessage: 'string',
        holdId: 'uuid',
        participants: 'int',
      },
    ],
  },
  'POST /services/holds': {
    bodies: [{ serviceId: 'uuid', bookingDate: 'date', bookingTime: 'time', participants: 'int' }],
  },
  'POST /services/waitlist': {
    bodies: [{ serviceId: 'uuid', bookingDate: 'date', bookingTime: 'time', participants: 'int' }],
  },
  'GET /services/:id/slots': { query: { from: 'date', to: 'date' } },
  'GET /search': { query: { q: 'string', type: 'string', locale: 'string', ...PAGE } },
  'POST /admin/moderate': { bodies: [{ postId: 'uuid', postType: 'string', action: 'string', reason: 'string' }] },
  'POST /admin/approve': { bodies: [{ postId: 'uuid', postType: 'string', decision: 'string', reason: 'string' }] },
  // docs/api.md "Reports, the moderation queue, appeals and transparency".
  'POST /reports': { bodies: [{ postType: 'string', postId: 'uuid', reason: 'string', details: 'string' }] },
  'GET /admin/moderation/queue': { query: { postType: 'string', page: 'int', perPage: 'int' } },
  'POST /admin/moderation/dismiss': { bodies: [{ postType: 'string', postId: 'uuid', reason: 'string' }] },
  'POST /appeals': { bodies: [{ postType: 'string', postId: 'uuid', statement: 'string' }] },
  'GET /admin/appeals': { query: { status: 'string', page: 'int', perPage: 'int' } },
  'POST /admin/appeals/decide': { bodies: [{ appealId: 'uuid', decision: 'string', reason: 'string' }] },
  'GET /admin/transparency-report': { query: { from: 'date', to: 'date', format: 'string' } },
  'POST /admin/transparency-reports': { bodies: [{ from: 'date', to: 'date' }] },
  'GET /transparency-reports': { query: { page: 'int', perPage: 'int' } },
}
const MUTATIONS: Record<string, Shape[]> = {
  '/admin/services/services': [
    action('create', SERVICE),
    action('update', { id: 'uuid', ...SERVICE }),
    ...['delete', 'activate', 'deactivate', 'duplicate'].map((name) => action(name, { id: 'uuid' })),
  ],
  '/admin/services/categories': [
    action('create', CATEGORY),
    action('update', { id: 'uuid', ...CATEGORY }),
    action('delete', { id: 'uuid' }),
  ],
  '/admin/services/availability': [
    action('create', SLOT),
    action('update', { id: 'uuid', ...SLOT }),
    action('delete', { id: 'uuid' }),
    action('bulkSet', { serviceId: 'uuid', slots: 'array' }),
  ],
  '/admin/services/bookings': ['confirm', 'cancel', 'complete', 'no_show', 'respond'].map((name) =>
    action(name, { id: 'uuid', providerResponse: 'string' }),
  ),
  '/admin/services/media': [action('update', { id: 'uuid', alt: 'string' }), action('delete', { id: 'uuid' })],
}

/** Payload's list/find query parameters (the stock routes' attack surface). */
const STOCK_QUERY: Shape = {
  depth: 'int',
  limit: 'int',
  page: 'int',
  sort: 'string',
  locale: 'string',
  draft: 'bool',
  pagination: 'bool',
}

function shapeOf(method: string, path: string): Pick<Target, 'bodies' | 'query'> {
  const known = SHAPES[`${method} ${path}`]
  const mutations = method === 'GET' ? undefined : MUTATIONS[path]
  return { bodies: known?.bodies ?? mutations ?? [{}], query: known?.query ?? {} }
}

function fieldShape(fields: ReadonlyArray<{ name?: string; type: string }>): Shape {
  const shape: Shape = {}
  for (const field of fields) {
    if (!field.name) continue
    shape[field.name] =
      field.type === 'number'
        ? 'int'
        : field.type === 'checkbox'
          ? 'bool'
          : field.type === 'relationship' || field.type === 'upload'
            ? 'uuid'
            : field.type === 'array'
              ? 'array'
              : 'string'
  }
  return shape
}

export function fuzzTargets(payload: Payload): Target[] {
  const targets: Target[] = []
  for (const endpoint of payload.config.endpoints || []) {
    const method = endpoint.method.toUpperCase()
    targets.push({ method, path: endpoint.path, ...shapeOf(method, endpoint.path) })
  }
  for (const collection of payload.config.collections) {
    const fields = fieldShape(collection.fields as never)
    for (const endpoint of collection.endpoints || []) {
      const method = endpoint.method.toUpperCase()
      const path = `/${collection.slug}${endpoint.path === '/' ? '' : endpoint.path}`
      const writes = method === 'POST' || method === 'PATCH' || method === 'PUT'
      targets.push({
        method,
        path,
        collection: collection.slug,
        bodies: writes ? [fields, { email: 'email', password: 'password' }] : [{}],
        query: STOCK_QUERY,
      })
    }
  }
  return targets
}
