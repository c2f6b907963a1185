// GET                 /api/admin/services/bookings?status=&serviceId=&q=&from=&to=&page=&perPage=
//                     → {bookings, total, page, perPage, totalPages}
// POST|PATCH|DELETE   /api/admin/services/bookings {id, action: confirm|cancel|complete|no_show|respond,
//                     providerResponse?} → {booking}
// Admins, and organization managers for the bookings of their organizations' services
// (docs/decisions.md "Organizations manage their services through the admin catalogue").
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { BOOKING_ACTIONS, BOOKING_STATUSES } from '../../../domain/bookings'
import { parseInput } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { parsePagination } from '../../../src/lib/http/pagination'
import { json } from '../../../src/lib/http/respond'
import { familyDoc } from '../../../src/lib/openapi/routes'
import { isCalendarDate } from '../../../src/lib/wall-clock'
import { actOnBooking, type BookingFilters, listBookings } from '../../../src/operations/bookings/admin-bookings'
import { requireCatalogueManager } from '../../guards'
import { MUTATION_METHODS, readScopedAction, targetId, uuid } from './actions'

const PATH = '/admin/services/bookings'
const RESPONSE_MAX = 2000

// `from`/`to`: an ISO 8601 date, or a date-time whose date part is taken (bounds are on bookingDate).
const dateBound = (name: string) =>
  z
    .string()
    .transform((value) => value.slice(0, 10))
    .refine((value) => isCalendarDate(value), `${name} must be an ISO 8601 date (YYYY-MM-DD)`)

export const bookingListQuery = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
  serviceId: uuid('serviceId').optional(),
  q: z.string().optional(),
  from: dateBound('from').optional(),
  to: dateBound('to').optional(),
})

export const moveBookingBody = z
  .object({ action: z.enum(['confirm', 'cancel', 'complete', 'no_show']), id: targetId })
  .strict()

export const respondBody = z
  .object({
    action: z.literal('respond'),
    id: targetId,
    providerResponse: z
      .string({ error: 'providerResponse is required: a string of 1 to 2000 characters' })
      .trim()
      .min(1, 'providerResponse must not be empty')
      .max(RESPONSE_MAX, `providerResponse has at most ${RESPONSE_MAX} characters`),
  })
  .strict()

function filtersOf(req: PayloadRequest): BookingFilters {
  const params = req.searchParams
  const raw = Object.fromEntries(
    ['status', 'serviceId', 'q', 'from', 'to'].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])),
  )
  return parseInput(bookingListQuery, raw)
}

export const adminBookingsEndpoints = [
  ...defineEndpoint(
    PATH,
    'get',
    async (req) => {
      const scope = await requireCatalogueManager(req)
      return json(await listBookings(req, scope, filtersOf(req), parsePagination(req.searchParams)))
    },
    familyDoc('adminServicesDocs', 'adminServicesBookings'),
  ),

  ...defineEndpoint(
    PATH,
    [...MUTATION_METHODS],
    async (req) => {
      const { action, body, scope } = await readScopedAction(req, BOOKING_ACTIONS, BOOKING_ACTIONS)
      if (action === 'respond') {
        const input = parseInput(respondBody, body)
        return json(await actOnBooking(req, scope, input.id, 'respond', input.providerResponse))
      }
      const input = parseInput(moveBookingBody, body)
      return json(await actOnBooking(req, scope, input.id, input.action))
    },
    familyDoc('adminServicesDocs', 'adminServicesBookings'),
  ),
]
