// The OpenAPI description of /api/admin/services/* (docs/api.md "Admin service catalogue (/api/admin/services)",
// "Bookings"): the action bodies are the schemas the endpoints parse with; the answers are
// described here, beside them.
import { z } from 'zod'
import type { ZodOpenApiOperationObject } from 'zod-openapi'

import { BOOKING_ACTIONS, BOOKING_STATUSES } from '../../../domain/bookings'
import { MEDIA_TYPES } from '../../../domain/media'
import { MEDIA_LINK_TYPES, PRICE_TYPES, SERVICE_STATUSES } from '../../../domain/services'
import {
  booleanQuery,
  errorResponses,
  id,
  json,
  localized,
  pageFields,
  paginationQuery,
  SESSION,
  timestamp,
} from '../../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../../src/lib/openapi/routes'
import { coverageQuerySchema } from '../../../src/operations/catalogue/translation-coverage'
import { bookingRecord } from '../../services/openapi'
import {
  bulkSetBody,
  createExceptionBody,
  createSlotBody,
  deleteExceptionBody,
  deleteSlotBody,
  updateExceptionBody,
  updateSlotBody,
} from './availability'
import { bookingListQuery, moveBookingBody, respondBody } from './bookings'
import { categoryBodies } from './categories'
import { mediaBodies, UPLOAD_FIELDS } from './media'
import { serviceBodies, serviceListQuery } from './services'
import { confirmBodySchema } from './translation-confirm'
import { coverageItemSchema, coverageResponseSchema } from './translation-coverage'

const translation = z.object({
  inLanguage: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
})
const service = z
  .object({
    id,
    slug: z.string(),
    categoryId: id.nullable(),
    providerId: id,
    organizationId: id.nullable(),
    status: z.enum(SERVICE_STATUSES),
    basePrice: z
      .string()
      .nullable()
      .meta({ description: 'Decimal string, canonical for the currency', example: '25.50' }),
    priceType: z.enum(PRICE_TYPES).nullable(),
    currency: z.string().meta({ example: 'EUR' }),
    durationMinutes: z.int().nullable(),
    isMobile: z.boolean(),
    maxParticipants: z.int().nullable(),
    bookingAdvanceHours: z.int().nullable(),
    cancellationHours: z.int().nullable(),
    bufferBeforeMinutes: z.int().meta({ description: 'Minutes kept free before each booking, 0–240' }),
    bufferAfterMinutes: z.int().meta({ description: 'Minutes kept free after each booking, 0–240' }),
    maxBookingsPerDay: z
      .int()
      .nullable()
      .meta({ description: 'Pending and confirmed bookings per date; null: no cap' }),
    seatsPerSlot: z
      .int()
      .meta({ description: 'Participants one start takes in all, 1–1000 (1: one booking per start, of any party)' }),
    isFeatured: z.boolean(),
    displayInHome: z.boolean(),
    allowReviews: z.boolean(),
    rating: z
      .object({
        average: z
          .number()
          .nullable()
          .meta({ description: 'Mean of the published reviews, two decimals; null without any' }),
        count: z.int(),
      })
      .meta({ description: 'Over the service’s published reviews' }),
    inLanguage: z.string().nullable(),
    translations: z.array(z.union([translation, translation.pick({ inLanguage: true, title: true })])).meta({
      description: 'Full rows for one service; `{inLanguage, title}` in lists',
    }),
    media: z.array(z.object({ mediaId: id, type: z.enum(MEDIA_LINK_TYPES), position: z.int() })),
    category: z.object({ id, name: localized, slug: z.string() }).nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Service' })

const category = z
  .object({
    id,
    slug: z.string(),
    name: localized,
    description: localized,
    icon: z.string().nullable(),
    featuredImageId: id.nullable(),
    parentId: id.nullable(),
    sortOrder: z.int(),
    displayInHome: z.boolean(),
    displayInMenu: z.boolean(),
    isActive: z.boolean(),
    isFeatured: z.boolean(),
    seoTitle: localized,
    seoDescription: localized,
    createdAt: timestamp,
    updatedAt: timestamp,
    serviceCount: z.int().optional().meta({ description: 'Only when read by id' }),
  })
  .meta({ id: 'Category' })

const slot = z
  .object({
    id,
    serviceId: id,
    dayOfWeek: z.int().min(0).max(6),
    startTime: z.string(),
    endTime: z.string(),
    isAvailable: z.boolean(),
  })
  .meta({ id: 'AvailabilitySlot' })

const availabilityException = z
  .object({
    id,
    serviceId: id,
    date: z.string().meta({ example: '2026-12-25' }),
    isAvailable: z.boolean().meta({
      description:
        'false: closed (the whole date without times, else the window); true: an opening, replacing the weekly slots of the date',
    }),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'AvailabilityException' })

const media = z
  .object({
    id,
    url: z.string().meta({ example: '/api/service-media/file/garden-view-1a2b3c4d.jpg' }),
    contentUrl: z.url(),
    type: z.enum(MEDIA_TYPES),
    encodingFormat: z.string().meta({ example: 'image/jpeg' }),
    width: z.string().nullable(),
    height: z.string().nullable(),
    duration: z.string().nullable(),
    license: z.string().nullable(),
    copyrightHolder: z.string().nullable(),
    caption: localized,
    description: localized,
    alt: localized,
    thumbnailUrl: z.string(),
    filename: z.string(),
    filesize: z.int(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Media' })

const adminBooking = bookingRecord
  .extend({
    providerResponse: z.string().nullable(),
    cancelledAt: timestamp.nullable().meta({ description: 'When its customer cancelled it (null otherwise)' }),
    cancellationReason: z.string().nullable().meta({ description: 'The reason its customer gave, if any' }),
    serviceSlug: z.string().nullable(),
    serviceTitle: z.string().nullable(),
    customerName: z.string().nullable(),
    customerEmail: z.string().nullable(),
    customerImage: z.null(),
    updatedAt: timestamp.nullable(),
  })
  .meta({ id: 'AdminBooking' })

export const success = z.object({ success: z.literal(true) })
export const FORBIDDEN = '`forbidden`: not an admin (checked before anything else)'
// The routes an organization's owners and admins share (docs/decisions.md "Organizations manage
// their services through the admin catalogue").
const MANAGER_FORBIDDEN =
  '`forbidden`: neither an admin nor an owner or admin of any organization (checked before anything else); for an organization manager, also a forbidden change (another organization, `isFeatured`/`displayInHome`)'
const OUTSIDE = 'or one of a service outside the caller’s organizations'
export const ENVELOPE =
  '`invalid_body` (not a JSON object), `missing_action`, `unknown_action`, `missing_id`, or `invalid_request` (a field or reference is wrong, with `issues`)'
export const byId = z.string().optional().meta({ description: 'One record by id instead of a list' })

export const read = (
  tag: string,
  summary: string,
  query: z.ZodObject,
  answer: z.ZodType,
  errors: Record<number, string> = {},
): ZodOpenApiOperationObject => ({
  tags: [tag],
  summary,
  security: SESSION,
  requestParams: { query },
  responses: {
    '200': json('Found', answer),
    ...errorResponses('general', {
      400: '`invalid_request`: a query parameter is malformed',
      403: FORBIDDEN,
      ...errors,
    }),
  },
})

/** The action envelope on POST, PATCH and DELETE alike (the method does not select the action). */
export function actions(
  tag: string,
  summary: string,
  body: z.ZodType,
  answers: Record<string, { description: string; schema: z.ZodType }>,
  errors: Record<number, string>,
) {
  const operation: ZodOpenApiOperationObject = {
    tags: [tag],
    summary,
    security: SESSION,
    requestBody: { content: { 'application/json': { schema: body } } },
    responses: {
      ...Object.fromEntries(
        Object.entries(answers).map(([status, answer]) => [status, json(answer.description, answer.schema)]),
      ),
      ...errorResponses('general', { 400: ENVELOPE, 403: FORBIDDEN, ...errors }, { write: true }),
    },
  }
  return { post: operation, patch: operation, delete: operation }
}

export const page = <K extends string>(key: K, item: z.ZodType) =>
  z.object({ [key]: z.array(item), ...pageFields } as Record<K, z.ZodArray<z.ZodType>>)

/** The media actions, whose POST is also the multipart upload. */
function mediaChanges(bodies: ReturnType<typeof mediaBodies>) {
  const operations = actions(
    'Admin: media',
    'Upload (multipart) → 201 {ok, id, url}; update → {media}; delete → {success} (JSON actions)',
    z.union([bodies.update, bodies.delete]),
    {
      '200': { description: 'update, delete', schema: z.union([z.object({ media }), success]) },
      '201': {
        description: 'Uploaded (multipart POST)',
        schema: z.object({ ok: z.literal(true), id, url: z.string() }),
      },
    },
    {
      400: `${ENVELOPE}; for an upload: \`invalid_body\` (unreadable multipart) or \`invalid_request\` (no file, two files, an unknown field)`,
      404: '`not_found`: no such media',
      413: '`payload_too_large`: the file is over 10 MiB, or over 50,000,000 pixels',
      415: '`unsupported_media_type`: not a JPEG, PNG, WebP, AVIF, GIF or SVG by its bytes, or a damaged image',
    },
  )
  const upload = UPLOAD_FIELDS.extend({
    file: z.string().meta({ format: 'binary', description: 'The image (at most 10 MiB)' }),
  })
  const content = {
    'multipart/form-data': { schema: upload },
    'application/json': { schema: z.union([bodies.update, bodies.delete]) },
  }
  return { ...operations, post: { ...operations.post, requestBody: { content } } }
}

export const adminServicesDocs = familyDocs((locales: readonly string[]): PathDocs => {
  const services = serviceBodies(locales)
  const categories = categoryBodies(locales)
  const mediaActions = mediaBodies(locales)
  return {
    adminServicesServices: {
      get: read(
        'Admin: services',
        'List services (newest first), or one with ?id=',
        serviceListQuery.extend({
          id: byId,
          featured: booleanQuery('isFeatured'),
          home: booleanQuery('displayInHome'),
          ...paginationQuery,
        }),
        z.union([
          page('services', service),
          z.object({
            service: service.extend({
              hasDraft: z
                .boolean()
                .meta({ description: 'An edit saved as a draft waits to be published (docs/api.md "Drafts")' }),
            }),
          }),
        ]),
        { 403: MANAGER_FORBIDDEN, 404: `\`not_found\`: no service with that id, ${OUTSIDE}` },
      ),
      ...actions(
        'Admin: services',
        'create → 201 {id, slug}; update → {service}; delete → {success, id}; activate, deactivate → {id, status}; duplicate → 201 {id, slug}',
        z.union([services.create, services.update, services.byId]),
        {
          '200': {
            description: 'update, delete, activate, deactivate',
            schema: z.union([
              z.object({ service }),
              z.object({ success: z.literal(true), id }),
              z.object({ id, status: z.enum(SERVICE_STATUSES) }),
            ]),
          },
          '201': { description: 'create, duplicate', schema: z.object({ id, slug: z.string() }) },
        },
        {
          400: `${ENVELOPE}; for an organization manager also a missing \`organizationId\` on create, or a \`providerId\` who is not a member of the organization`,
          403: MANAGER_FORBIDDEN,
          404: `\`not_found\`: no such service, ${OUTSIDE}`,
          409: '`slug_taken`, or `service_has_bookings` (delete while pending or confirmed bookings exist)',
        },
      ),
    },
    adminServicesCategories: {
      get: read(
        'Admin: categories',
        'List categories (by sortOrder, then slug), all of them with ?all=true, or one with ?id=',
        z.object({
          id: byId,
          all: booleanQuery('Every matching category, unpaginated'),
          parent: z.string().optional().meta({ description: 'A category id, or `root`' }),
          featured: booleanQuery('isFeatured'),
          home: booleanQuery('displayInHome'),
          menu: booleanQuery('displayInMenu'),
          ...paginationQuery,
        }),
        z.union([page('categories', category), z.object({ categories: z.array(category) }), z.object({ category })]),
        { 404: '`not_found`: no category with that id' },
      ),
      ...actions(
        'Admin: categories',
        'create → 201 {category}; update → {category}; delete → {success}',
        z.union([categories.create, categories.update, categories.delete]),
        {
          '200': { description: 'update, delete', schema: z.union([z.object({ category }), success]) },
          '201': { description: 'create', schema: z.object({ category }) },
        },
        {
          400: `${ENVELOPE}, or \`invalid_parent\` (no such parent, or a cycle)`,
          404: '`not_found`: no such category',
          409: '`slug_taken`',
        },
      ),
    },
    adminServicesAvailability: {
      get: read(
        'Admin: availability',
        'The weekly slots of a service, by day then start, and its exceptions (days off and extra hours), by date then start; `from`/`to` (inclusive) filter the exceptions by date',
        z.object({ serviceId: z.string(), from: z.string().optional(), to: z.string().optional() }),
        z.object({ slots: z.array(slot), exceptions: z.array(availabilityException) }),
        {
          400: '`invalid_request`: no serviceId, or `from`/`to` not a real date',
          403: MANAGER_FORBIDDEN,
          404: `\`not_found\`: no such service, ${OUTSIDE}`,
        },
      ),
      ...actions(
        'Admin: availability',
        'create → 201 {slot}; update → {slot}; delete → {success}; bulkSet → {slots} (replaces the week, all or nothing); createException → 201 {exception}; updateException → {exception}; deleteException → {success} (audit `service_availability.exception_create|update|delete`)',
        z.union([
          createSlotBody,
          updateSlotBody,
          deleteSlotBody,
          bulkSetBody,
          createExceptionBody,
          updateExceptionBody,
          deleteExceptionBody,
        ]),
        {
          '200': {
            description: 'update, delete, bulkSet, updateException, deleteException',
            schema: z.union([
              z.object({ slot }),
              success,
              z.object({ slots: z.array(slot) }),
              z.object({ exception: availabilityException }),
            ]),
          },
          '201': {
            description: 'create, createException',
            schema: z.union([z.object({ slot }), z.object({ exception: availabilityException })]),
          },
        },
        {
          403: MANAGER_FORBIDDEN,
          404: `\`not_found\`: no such slot, exception or service, ${OUTSIDE}`,
          409: '`slot_overlap`: overlaps another slot of the service that day, or another exception of the same kind (closing or opening) on that date',
        },
      ),
    },
    adminServicesBookings: {
      get: read(
        'Admin: bookings',
        'List bookings (bookingDate, bookingTime desc)',
        bookingListQuery.extend({ status: z.enum(BOOKING_STATUSES).optional(), ...paginationQuery }),
        page('bookings', adminBooking),
        { 403: MANAGER_FORBIDDEN },
      ),
      ...actions(
        'Admin: bookings',
        `Move a booking (${BOOKING_ACTIONS.join(', ')}) → {booking}`,
        z.union([moveBookingBody, respondBody]),
        { '200': { description: 'Moved (or answered)', schema: z.object({ booking: adminBooking }) } },
        {
          403: MANAGER_FORBIDDEN,
          404: `\`not_found\`: no such booking, ${OUTSIDE}`,
          409: '`invalid_transition`: not a move of the transition table',
        },
      ),
    },
    adminServicesMedia: {
      get: read(
        'Admin: media',
        'List media (newest first), or one with ?id=',
        z.object({ id: byId, type: z.enum(MEDIA_TYPES).optional(), ...paginationQuery }),
        z.union([page('media', media), z.object({ media })]),
        { 404: '`not_found`: no media with that id' },
      ),
      ...mediaChanges(mediaActions),
    },
    adminServicesTranslationsCoverage: {
      get: read(
        'Admin: translations',
        'What a content language lacks: services and categories without a translation in `lang`, or without some of its texts; counts for every language',
        coverageQuerySchema(locales).extend(paginationQuery),
        coverageResponseSchema,
        {
          400: '`invalid_request`: `lang` missing or not a configured language, or a bad `state`, `status`, `type`, `missing` or page',
        },
      ),
    },
    adminServicesTranslationsConfirm: {
      post: {
        tags: ['Admin: translations'],
        summary: 'Mark outdated texts of one language current without a change (all of them when `texts` is absent)',
        security: SESSION,
        requestBody: { content: { 'application/json': { schema: confirmBodySchema(locales) } } },
        responses: {
          '200': json('Confirmed: the item in that language', z.object({ item: coverageItemSchema })),
          ...errorResponses(
            'general',
            {
              400: '`invalid_body` (not a JSON object), or `invalid_request` (a bad `type`, `id`, `lang` or `texts`)',
              403: FORBIDDEN,
              404: '`not_found`: no such service or category',
            },
            { write: true },
          ),
        },
      },
    },
  }
})
