// GET /api/bookings/:id/calendar.ics → 200 text/calendar (docs/api.md "Bookable times, calendar files and reminders")
// The booking's customer, its provider or an admin; 404 `not_found` for anyone else, a
// signed-out caller included (whether a booking exists is not theirs to learn).
// `/api/bookings` is this collection's slug, so Payload routes the path to the collection's
// endpoints: declared ones come before its stock `/:id` routes, and `/:id` (one segment)
// never matches `/:id/calendar.ics` anyway. The shell answers a non-UUID id 404 itself
// (src/lib/http/route-table.ts).
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { bookingCalendarFile } from '../../../src/operations/bookings/calendar'

export const CALENDAR_PATH = '/:id/calendar.ics'

export const calendarEndpoints = defineEndpoint(CALENDAR_PATH, 'get', async (req) => {
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
})
