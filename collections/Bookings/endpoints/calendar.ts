// GET /api/bookings/:id/calendar.ics → 200 text/calendar (docs/api.md "Bookable times, calendar files and reminders")
// The booking's customer, its provider or an admin; 404 `not_found` for anyone else, a
// signed-out caller included (whether a booking exists is not theirs to learn).
// `/api/bookings` is this collection's slug, so Payload routes the path to the collection's
// endpoints: declared ones come before its stock `/:id` routes, and `/:id` (one segment)
// never matches `/:id/calendar.ics` anyway. The shell answers a non-UUID id 404 itself
// (src/lib/http/route-table.ts).
import { z } from 'zod'

import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { errorResponses, json, payloadErrors, SESSION } from '../../../src/lib/openapi/common'
import { bookingCalendarFile } from '../../../src/operations/bookings/calendar'

export const CALENDAR_PATH = '/:id/calendar.ics'

const calendarDoc = () => ({
  tags: ['Bookings'],
  summary: 'The booking as an iCalendar event (its customer, its provider, admins)',
  description:
    'An RFC 5545 `VCALENDAR` with one `VEVENT`: `UID` `booking-<id>@<host of PUBLIC_URL>` (the same for good), `SEQUENCE` 0 pending, 1 confirmed, 2 after (cancelled, completed, no-show), plus 3 per reschedule, `STATUS` `TENTATIVE`, `CONFIRMED` or `CANCELLED`, `SUMMARY` the service’s title, `DTSTART`/`DTEND` floating local times (no time zone; no `DTEND` without a duration). The confirmation mail carries the same event with `METHOD:REQUEST`, the cancellation mail with `METHOD:CANCEL`.',
  security: SESSION,
  requestParams: {
    path: z.object({ id: z.uuid().meta({ description: 'The booking’s UUID (anything else: 404)' }) }),
  },
  responses: {
    '200': {
      description: 'The event, as a download (`content-disposition: attachment; filename="booking-<id>.ics"`)',
      content: {
        'text/calendar': {
          schema: z.string().meta({ example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR\r\n' }),
        },
      },
    },
    // The shell checks Payload's list parameters on every route under a collection's slug.
    '400': json(
      '`limit`, `page` or `depth` given twice or not a whole number (Payload’s error shape, as on every route under /api/bookings)',
      payloadErrors,
    ),
    ...errorResponses('general', {
      404: '`not_found`: no such booking, or the caller is not its customer, its provider or an admin (signed out included)',
    }),
  },
})

export const calendarEndpoints = defineEndpoint(
  CALENDAR_PATH,
  'get',
  async (req) => {
    const file = await bookingCalendarFile(req, String(req.routeParams?.id ?? ''))
    return new Response(file.text, {
      status: 200,
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="${file.filename}"`,
        // A booking's file changes with its status; never served from a cache.
        'cache-control': 'no-store',
      },
    })
  },
  calendarDoc,
)
