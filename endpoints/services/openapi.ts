// The OpenAPI description of POST /api/services/bookings (docs/api.md "Bookings"), and the
// booking record it answers with (the admin representation extends it).
import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'

import { BOOKING_STATUSES } from '../../collections/Bookings/statuses'
import { errorResponses, id, json, SESSION, timestamp } from '../../src/lib/openapi/common'
import { publicBookingBody } from './bookings'

export const bookingRecord = z
  .object({
    id,
    serviceId: id.nullable(),
    providerId: id.nullable(),
    customerId: id.nullable(),
    bookingDate: z.iso.date(),
    bookingTime: z.string().meta({ example: '14:00' }),
    endTime: z.string().nullable().meta({ description: '`bookingTime` + `durationMinutes`; null without a duration' }),
    durationMinutes: z.int().nullable(),
    totalPrice: z.int().nullable().meta({ description: 'In the currency’s minor units (EUR 2550 = 25.50)' }),
    currency: z.string().nullable(),
    status: z.enum(BOOKING_STATUSES),
    customerMessage: z.string().nullable(),
    createdAt: timestamp.nullable(),
  })
  .meta({ id: 'Booking' })

export const publicBookingPaths: ZodOpenApiPathsObject = {
  '/api/services/bookings': {
    post: {
      tags: ['Bookings'],
      summary: 'Book a service (any signed-in user)',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: publicBookingBody } } },
      responses: {
        '201': json('Booked, `pending`; the provider is notified', z.object({ booking: bookingRecord })),
        ...errorResponses(
          'general',
          {
            400: '`invalid_body`, `invalid_request` (with `issues`), or a booking rule: `service_not_active`, `booking_in_past`, `booking_too_soon`, `slot_unavailable` (see docs/api.md)',
            401: '`unauthorized`: no session',
            404: '`not_found`: no such service',
            409: '`booking_conflict`: a pending or confirmed booking of the service overlaps',
          },
          { write: true },
        ),
      },
    },
  },
}
