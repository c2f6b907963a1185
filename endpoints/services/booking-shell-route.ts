// POST /api/services/bookings answered by the shell with the endpoint's own checks and operation
// (docs/decisions.md "The public booking is answered by the shell"): the bridge cost a fifth of the
// request's CPU. tests/int/bookings-public.test.ts compares its answers with the Payload endpoint's.
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
          const request = await createLocalReq(
            { req: { headers, payloadAPI: 'REST' } as Partial<PayloadRequest>, user: user ?? undefined },
            payload,
          )
          return publicBooking(request, () => readShellJson(req))
        },
        201,
      )
    } catch (error) {
      next(error)
    }
  }
}
