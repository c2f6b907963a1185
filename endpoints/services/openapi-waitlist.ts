// The OpenAPI description of the waitlist, /api/services/waitlist (docs/api.md "Waitlist").
import { z } from 'zod'

import { errorResponses, id, json, SESSION, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { WAITLIST_STATUSES } from '../../src/operations/bookings/waitlist'
import { waitlistBody } from './waitlist'

export const waitlistEntry = z
  .object({
    id,
    serviceId: id,
    bookingDate: z.iso.date(),
    bookingTime: z.string().meta({ example: '14:00' }),
    participants: z.int(),
    status: z.enum(WAITLIST_STATUSES),
    position: z.int().min(1).nullable().meta({
      description: 'One more than the entries ahead that are `waiting` or `offered` (1 is next); null once closed',
    }),
    createdAt: timestamp,
    holdId: id.optional().meta({ description: 'Offered only: the hold to book with (`holdId` of the booking)' }),
    expiresAt: timestamp.optional().meta({
      description: 'Offered only: when the offer runs out (`WAITLIST_OFFER_SECONDS` after it was made)',
    }),
  })
  .meta({ id: 'WaitlistEntry' })

export const providerWaitlistEntry = waitlistEntry
  .extend({ member: z.object({ id, name: z.string().nullable() }) })
  .meta({ id: 'ProviderWaitlistEntry' })

export const waitlistDocs = familyDocs((): PathDocs => ({
  adminServicesWaitlist: {
    get: {
      tags: ['Admin: bookings'],
      summary: 'Who waits for the service’s starts to come, by start and position (admins and its managers)',
      security: SESSION,
      requestParams: { query: z.object({ serviceId: id.meta({ description: 'The service' }) }) },
      responses: {
        '200': json('The open entries (`waiting`, `offered`)', z.object({ entries: z.array(providerWaitlistEntry) })),
        ...errorResponses('general', {
          400: '`invalid_request`: no `serviceId`',
          403: '`forbidden`: no session, or the caller manages no services',
          404: '`not_found`: no such service, or one the caller does not manage',
        }),
      },
    },
  },
  servicesWaitlist: {
    post: {
      tags: ['Bookings'],
      summary: 'Wait for a taken or full start (any signed-in user)',
      description:
        'The public booking’s checks up to the conflict; then, under the service’s lock, a start that could be ' +
        'booked now is 409 `slot_available` and a second wait of yours for it 409 `already_waiting`. When room ' +
        'appears at the start, the first waiting entry that fits is offered a hold for `WAITLIST_OFFER_SECONDS`, ' +
        'with a notification, an email and webhook `waitlist.offered`.',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: waitlistBody } } },
      responses: {
        '201': json('Waiting', z.object({ entry: waitlistEntry })),
        ...errorResponses(
          'general',
          {
            400:
              '`invalid_body`, `invalid_request` (with `issues`; also `participants` above the service’s ' +
              '`maxParticipants`), or a booking rule: `service_not_active`, `booking_in_past`, `booking_too_soon`, ' +
              '`slot_unavailable`',
            401: '`unauthorized`: no session',
            403: '`forbidden`: the service’s provider blocks you',
            404: '`not_found`: no such service',
            409:
              '`slot_available`: the start could be booked now (book it instead); `already_waiting`: you already ' +
              'wait for this start',
          },
          { write: true },
        ),
      },
    },
    get: {
      tags: ['Bookings'],
      summary: 'Your waitlist entries, soonest start first, with their positions',
      security: SESSION,
      responses: {
        '200': json('Your entries', z.object({ entries: z.array(waitlistEntry) })),
        ...errorResponses('general', { 401: '`unauthorized`: no session' }),
      },
    },
  },
  servicesWaitlistId: {
    delete: {
      tags: ['Bookings'],
      summary: 'Leave the waitlist: the entry is cancelled, an offered hold released',
      security: SESSION,
      requestParams: { path: z.object({ id: z.string().meta({ description: 'The entry’s UUID' }) }) },
      responses: {
        '200': json(
          'Left (an entry already booked, expired or cancelled stays so)',
          z.object({ success: z.literal(true) }),
        ),
        ...errorResponses('general', {
          401: '`unauthorized`: no session',
          404: '`not_found`: no such entry, or another member’s',
        }),
      },
    },
  },
}))
