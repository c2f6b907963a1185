// POST /api/services/bookings answered by the shell (docs/decisions.md "The public booking is
// answered by the shell"), as the hot reads are (docs/decisions.md "Hot signed-in reads
// answered by the shell"): the one write every customer makes. Through the bridge, a booking
// paid for a Web Request over the counted body, Payload's createPayloadRequest, the body read
// back through a Web stream, a Response and its headers merged and copied back: about a fifth
// of the request's CPU, more than our operation's own JavaScript. Here the same steps run on
// the express request: Payload's auth strategies (shellAnswer: the same caller, the same
// refreshed-cookie and CORS headers, the same 503 and 500), the same checks in the same order
// (`publicBooking`: 401, then the body as `readJson` reads it, zod, the operation), on a
// PayloadRequest made by Payload's createLocalReq over the request's headers (the audit
// entry's address and user agent come from them, as through the bridge).
// tests/int/bookings-public.test.ts compares its answers with the Payload endpoint's.
import type { RequestHandler } from 'express'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { readShellJson } from '../../src/lib/http/body'
import { shellAnswer } from '../../src/lib/http/shell-answer'
import { publicBooking } from './bookings'

export const PUBLIC_BOOKING_PATH = '/api/services/bookings'

export function bookingShellRoute(payload: Payload): RequestHandler {
  return async (req, res, next) => {
    try {
      await shellAnswer(
        payload,
        req,
        res,
        PUBLIC_BOOKING_PATH,
        async (user, headers) => {
          const request = await createLocalReq({ req: { headers, payloadAPI: 'REST' } as Partial<PayloadRequest>, user: user ?? undefined }, payload)
          return publicBooking(request, () => readShellJson(req))
        },
        201,
      )
    } catch (error) {
      next(error)
    }
  }
}
