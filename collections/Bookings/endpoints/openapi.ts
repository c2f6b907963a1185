// What a booking's own moves, POST /api/bookings/:id/cancel and …/reschedule, answer and take in the
// reference (docs/api.md "Cancel and reschedule a booking").
import { z } from 'zod'

import { BOOKING_STATUSES } from '../../../domain/bookings'
import { errorResponses, generalError, id, json, payloadErrors, timestamp } from '../../../src/lib/openapi/common'

/** A booking as `GET /api/bookings/<id>?depth=0` shows it to its customer (the stock document). */
export const customerBooking = z
  .object({
    id,
    service: id.nullable(),
    provider: id.nullable(),
    customer: id.nullable(),
    bookingDate: z.iso.date(),
    bookingTime: z.string().meta({ example: '14:00' }),
    endTime: z.string().nullable().optional(),
    durationMinutes: z.number().nullable().optional(),
    totalPrice: z.number().nullable().optional(),
    currency: z.string().nullable().optional(),
    status: z.enum(BOOKING_STATUSES),
    customerMessage: z.string().nullable().optional(),
    participants: z.int().optional(),
    providerResponse: z.string().nullable().optional(),
    cancelledAt: timestamp.nullable().optional().meta({ description: 'When its customer cancelled it' }),
    cancellationReason: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'The reason its customer gave (null: none)' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'CustomerBooking' })

// The shell checks Payload's list parameters on every route under a collection's slug, in Payload's shape.
export const queryProblem = (errors: ReturnType<typeof errorResponses>) => ({
  ...errors,
  '400': json(
    `${(errors['400'] as { description: string }).description}; or \`limit\`, \`page\` or \`depth\` given twice or ` +
      'not a whole number (Payload’s error shape, as on every route under /api/bookings)',
    z.union([generalError, payloadErrors]),
  ),
})

export const ownBookingParams = {
  path: z.object({ id: z.uuid().meta({ description: 'The booking’s UUID (anything else: 404)' }) }),
}
