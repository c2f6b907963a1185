// GET                 /api/admin/services/services?page&perPage&q&status&featured&home&category&orgId → {services,…}
// GET                 /api/admin/services/services?id=… → {service}
// POST|PATCH|DELETE   /api/admin/services/services {action: create|update|delete|activate|deactivate|duplicate, …}
// Platform admins: every service. Owners and admins of organizations: their organizations'
// services, through the same operations with their scope (docs/decisions.md "Organizations
// manage their services through the admin catalogue").
import { z } from 'zod'

import { MAX_SEATS_PER_SLOT } from '../../../domain/bookings'
import { MEDIA_LINK_TYPES, PRICE_TYPES, SERVICE_STATUSES } from '../../../domain/services'
import { parseInput, refineWith } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { invalidRequest } from '../../../src/lib/http/errors'
import { parseBoolean, parsePagination } from '../../../src/lib/http/pagination'
import { json } from '../../../src/lib/http/respond'
import { localeCodes } from '../../../src/lib/locales'
import { DECIMAL_PATTERN } from '../../../src/lib/money'
import { familyDoc } from '../../../src/lib/openapi/routes'
import { MAX_BUFFER_MINUTES } from '../../../src/operations/bookings/booking-rules'
import { repeatedLanguage, unknownLanguage } from '../../../src/operations/catalogue/rules/languages'
import { unknownCurrency } from '../../../src/operations/catalogue/rules/price'
import { SLUG_HINT, SLUG_MAX, SLUG_PATTERN } from '../../../src/operations/catalogue/rules/slug'
import { getService, listServices } from '../../../src/operations/catalogue/services-read'
import {
  createService,
  deleteService,
  duplicateService,
  setServiceStatus,
  updateService,
} from '../../../src/operations/catalogue/services-write'
import { requireCatalogueManager } from '../../guards'
import { MUTATION_METHODS, notEmpty, readScopedAction, targetId, uuid } from './actions'

const PATH = '/admin/services/services'
const ACTIONS = ['create', 'update', 'delete', 'activate', 'deactivate', 'duplicate'] as const

export const serviceListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(SERVICE_STATUSES, { error: `status must be one of ${SERVICE_STATUSES.join(', ')}` }).optional(),
  category: uuid('category').optional(),
  orgId: uuid('orgId').optional(),
})

function serviceFields(locales: readonly string[]) {
  // The checks and messages are the collection's (src/operations/catalogue/rules): one rule, two doors.
  const language = z.string().superRefine(refineWith((code) => unknownLanguage(code, locales)))
  // zod 4 gives a type's own message to its range checks too: the message names the range.
  const whole = (min: number, max: number) =>
    z
      .int({ error: `A whole number from ${min} to ${max}` })
      .min(min)
      .max(max)
  const count = (min: number) => whole(min, 1_000_000).nullable()
  const text = (max: number) => z.string().max(max).nullable()
  return {
    slug: z.string().max(SLUG_MAX).regex(SLUG_PATTERN, `Not URL-friendly: use ${SLUG_HINT}`),
    categoryId: uuid('categoryId').nullable(),
    providerId: uuid('providerId'),
    organizationId: uuid('organizationId').nullable(),
    status: z.enum(SERVICE_STATUSES),
    basePrice: z
      .string()
      .regex(DECIMAL_PATTERN, 'A decimal string such as "25.50": digits, optionally a dot and more digits')
      .nullable(),
    priceType: z.enum(PRICE_TYPES).nullable(),
    currency: z.string().superRefine(refineWith(unknownCurrency)),
    durationMinutes: count(1),
    isMobile: z.boolean(),
    maxParticipants: count(1),
    bookingAdvanceHours: count(0),
    cancellationHours: count(0),
    bufferBeforeMinutes: whole(0, MAX_BUFFER_MINUTES),
    bufferAfterMinutes: whole(0, MAX_BUFFER_MINUTES),
    maxBookingsPerDay: count(1),
    seatsPerSlot: whole(1, MAX_SEATS_PER_SLOT),
    isFeatured: z.boolean(),
    displayInHome: z.boolean(),
    allowReviews: z.boolean(),
    inLanguage: language.nullable(),
    translations: z
      .array(
        z
          .object({
            inLanguage: language,
            title: z.string().trim().min(1).max(300),
            description: text(20000).optional(),
            shortDescription: text(1000).optional(),
            seoTitle: text(300).optional(),
            seoDescription: text(1000).optional(),
          })
          .strict(),
      )
      .max(50)
      .superRefine(refineWith(repeatedLanguage)),
    media: z
      .array(
        z
          .object({
            mediaId: uuid('mediaId'),
            type: z.enum(MEDIA_LINK_TYPES).optional(),
            position: z.int().min(0).max(10_000).optional(),
          })
          .strict(),
      )
      .max(100),
  }
}

/** The bodies of the actions, for the configured `locales`. */
export function serviceBodies(locales: readonly string[]) {
  const fields = serviceFields(locales)
  const { slug, providerId, ...optional } = fields
  const optionalFields = Object.fromEntries(
    Object.entries(optional).map(([key, schema]) => [key, schema.optional()]),
  ) as {
    [K in keyof typeof optional]: z.ZodOptional<(typeof optional)[K]>
  }
  return {
    create: z.object({ action: z.literal('create'), slug, providerId, ...optionalFields }).strict(),
    update: z
      .object({
        action: z.literal('update'),
        id: targetId,
        slug: slug.optional(),
        providerId: providerId.optional(),
        ...optionalFields,
      })
      .strict()
      .refine((body) => notEmpty(body), 'Nothing to update: send at least one field'),
    byId: z.object({ action: z.enum(['delete', 'activate', 'deactivate', 'duplicate']), id: targetId }).strict(),
  }
}

export const servicesEndpoints = [
  ...defineEndpoint(
    PATH,
    'get',
    async (req) => {
      const scope = await requireCatalogueManager(req)
      const params = req.searchParams
      const id = params.get('id')
      if (id !== null) {
        if (id === '') throw invalidRequest('id is empty', [{ path: 'id', message: 'Expected a service id' }])
        return json(await getService(req, scope, id))
      }
      const page = parsePagination(params)
      const filters = parseInput(
        serviceListQuery,
        Object.fromEntries([...params].filter(([key, value]) => key in serviceListQuery.shape && value !== '')),
      )
      const featured = parseBoolean(params, 'featured')
      const home = parseBoolean(params, 'home')
      return json(await listServices(req, scope, { ...filters, featured, home }, page))
    },
    familyDoc('adminServicesDocs', 'adminServicesServices'),
  ),

  ...defineEndpoint(
    PATH,
    [...MUTATION_METHODS],
    async (req) => {
      const { action, body, scope } = await readScopedAction(req, ACTIONS, [
        'update',
        'delete',
        'activate',
        'deactivate',
        'duplicate',
      ])
      const schema = serviceBodies(localeCodes(req.payload))
      switch (action) {
        case 'create': {
          const { action: _action, ...input } = parseInput(schema.create, body)
          return json(await createService(req, scope, input), 201)
        }
        case 'update': {
          const { action: _action, id, ...input } = parseInput(schema.update, body)
          return json(await updateService(req, scope, id, input))
        }
        default: {
          const { id } = parseInput(schema.byId, body)
          if (action === 'delete') return json(await deleteService(req, scope, id))
          if (action === 'activate') return json(await setServiceStatus(req, scope, id, 'active'))
          if (action === 'deactivate') return json(await setServiceStatus(req, scope, id, 'suspended'))
          return json(await duplicateService(req, scope, id), 201)
        }
      }
    },
    familyDoc('adminServicesDocs', 'adminServicesServices'),
  ),
]
