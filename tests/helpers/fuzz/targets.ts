// What the fuzzer aims at, derived from the running Payload config: every root endpoint
// (so routes merged later are fuzzed without edits here) and every route of every collection
// (Payload's stock REST routes are part of `collection.endpoints` once the config is
// sanitized). Known endpoints get a request shape below; an unknown one is fuzzed with
// generic objects until someone adds its shape.
import type { Payload } from 'payload'

export type Kind = 'string' | 'email' | 'password' | 'uuid' | 'date' | 'time' | 'int' | 'bool' | 'slug' | 'locales' | 'url' | 'array'

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

const SERVICE: Shape = { slug: 'slug', providerId: 'uuid', categoryId: 'uuid', status: 'string', basePrice: 'string', currency: 'string', durationMinutes: 'int', translations: 'array', media: 'array', isFeatured: 'bool' }
const CATEGORY: Shape = { slug: 'slug', name: 'locales', description: 'locales', parentId: 'uuid', sortOrder: 'int', isActive: 'bool' }
const SLOT: Shape = { serviceId: 'uuid', dayOfWeek: 'int', startTime: 'time', endTime: 'time', isAvailable: 'bool' }
const PAGE: Shape = { page: 'int', perPage: 'int', q: 'string' }

/**
 * Request shapes of the documented endpoints, keyed `METHOD /path` (API-CONTRACT §2–§6).
 * Bookings, media and moderation are listed ahead of their merge: a key that matches no
 * route is simply unused.
 */
export const SHAPES: Record<string, { bodies?: Shape[]; query?: Shape }> = {
  'POST /auth/sign-up/email': { bodies: [{ email: 'email', password: 'password', name: 'string', username: 'string' }] },
  'POST /auth/sign-in/email': { bodies: [{ email: 'email', password: 'password' }] },
  'POST /auth/send-verification-email': { bodies: [{ email: 'email' }] },
  'GET /auth/verify-email': { query: { token: 'string' } },
  'POST /auth/verify-email': { bodies: [{ token: 'string' }] },
  'POST /auth/forget-password': { bodies: [{ email: 'email', redirectTo: 'url' }] },
  'POST /auth/request-password-reset': { bodies: [{ email: 'email', redirectTo: 'url' }] },
  'POST /auth/reset-password': { bodies: [{ token: 'string', password: 'password' }] },
  'POST /auth/organization/set-active': { bodies: [{ organizationId: 'uuid' }] },
  'GET /admin/services/services': { query: { id: 'uuid', status: 'string', category: 'uuid', featured: 'bool', ...PAGE } },
  'GET /admin/services/categories': { query: { id: 'uuid', all: 'bool', parent: 'uuid', ...PAGE } },
  'GET /admin/services/availability': { query: { serviceId: 'uuid' } },
  'GET /admin/services/bookings': { query: { status: 'string', from: 'date', to: 'date', ...PAGE } },
  'GET /admin/services/media': { query: { type: 'string', ...PAGE } },
  'POST /services/bookings': { bodies: [{ serviceId: 'uuid', bookingDate: 'date', bookingTime: 'time', customerMessage: 'string' }] },
  'GET /services/:id/slots': { query: { from: 'date', to: 'date' } },
  'POST /admin/moderate': { bodies: [{ postId: 'uuid', postType: 'string', action: 'string', reason: 'string' }] },
}
const MUTATIONS: Record<string, Shape[]> = {
  '/admin/services/services': [action('create', SERVICE), action('update', { id: 'uuid', ...SERVICE }), ...['delete', 'activate', 'deactivate', 'duplicate'].map((name) => action(name, { id: 'uuid' }))],
  '/admin/services/categories': [action('create', CATEGORY), action('update', { id: 'uuid', ...CATEGORY }), action('delete', { id: 'uuid' })],
  '/admin/services/availability': [action('create', SLOT), action('update', { id: 'uuid', ...SLOT }), action('delete', { id: 'uuid' }), action('bulkSet', { serviceId: 'uuid', slots: 'array' })],
  '/admin/services/bookings': ['confirm', 'cancel', 'complete', 'no_show', 'respond'].map((name) => action(name, { id: 'uuid', providerResponse: 'string' })),
  '/admin/services/media': [action('update', { id: 'uuid', alt: 'string' }), action('delete', { id: 'uuid' })],
}

/** Payload's list/find query parameters (the stock routes' attack surface). */
const STOCK_QUERY: Shape = { depth: 'int', limit: 'int', page: 'int', sort: 'string', locale: 'string', draft: 'bool', pagination: 'bool' }

function shapeOf(method: string, path: string): Pick<Target, 'bodies' | 'query'> {
  const known = SHAPES[`${method} ${path}`]
  const mutations = method === 'GET' ? undefined : MUTATIONS[path]
  return { bodies: known?.bodies ?? mutations ?? [{}], query: known?.query ?? {} }
}

function fieldShape(fields: ReadonlyArray<{ name?: string; type: string }>): Shape {
  const shape: Shape = {}
  for (const field of fields) {
    if (!field.name) continue
    shape[field.name] = field.type === 'number' ? 'int' : field.type === 'checkbox' ? 'bool' : field.type === 'relationship' || field.type === 'upload' ? 'uuid' : field.type === 'array' ? 'array' : 'string'
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
      targets.push({ method, path, collection: collection.slug, bodies: writes ? [fields, { email: 'email', password: 'password' }] : [{}], query: STOCK_QUERY })
    }
  }
  return targets
}
