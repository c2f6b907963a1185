// The booking record the public booking answers with (docs/api.md "Bookings"; the admin representation extends it).
import { z } from 'zod'

import { BOOKING_STATUSES } from '../../domain/bookings'
import { id, timestamp } from '../../src/lib/openapi/common'

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
    participants: z.int().meta({ description: 'People the booking brings: the seats it takes' }),
    createdAt: timestamp.nullable(),
  })
  .meta({ id: 'Booking' })
