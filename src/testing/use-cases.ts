// The platform's use cases, called as a given user through the Local API. Each call does what
// its endpoint does after reading the request: the endpoint's guard, the endpoint's own check
// of the body (so bad input gets the same code), then the same operation in src/operations/
// (one transaction with its audit entry). Errors come out as the ApiError the endpoint would
// have answered with: `status`, `code`, `message`, and `options.field` for the moderation family.
import type { Payload, PayloadRequest } from 'payload'

import { rescheduleBody } from '../../collections/Bookings/endpoints/own-moves'
import { parseApprovalInput } from '../../endpoints/admin/approve'
import { parseModerationInput } from '../../endpoints/admin/moderate'
import { bulkSetBody } from '../../endpoints/admin/services/availability'
import { moveBookingBody, respondBody } from '../../endpoints/admin/services/bookings'
import { serviceBodies } from '../../endpoints/admin/services/services'
import { requireCatalogueManager } from '../../endpoints/guards'
import {
  parseAppealBody,
  parseAppealDecisionBody,
  parseDismissBody,
  parseReportBody,
} from '../../endpoints/reports/bodies'
import { publicBookingBody } from '../../endpoints/services/bookings'
import { holdBody } from '../../endpoints/services/holds'
import { waitlistBody } from '../../endpoints/services/waitlist'
import { parseInput } from '../lib/http/body'
import { requireUser } from '../lib/http/guards'
import { toApiError } from '../lib/http/respond'
import { localeCodes } from '../lib/locales'
import { actOnBooking } from '../operations/bookings/admin-bookings'
import { createBooking } from '../operations/bookings/create-booking'
import { createHold, releaseHold } from '../operations/bookings/holds'
import { cancelOwnBooking, rescheduleBooking } from '../operations/bookings/own-moves'
import { joinWaitlist, leaveWaitlist } from '../operations/bookings/waitlist'
import { bulkSetSlots } from '../operations/catalogue/availability'
import { createService } from '../operations/catalogue/services-write'
import { decide, requireApprover } from '../operations/community/approve'
import { requireModerator } from '../operations/moderation/errors'
import { moderate } from '../operations/moderation/moderate'
import { decideAppeal, fileAppeal } from '../operations/reports/appeals'
import { dismissReports } from '../operations/reports/dismiss'
import { requireSignedIn, requireStaff } from '../operations/reports/errors'
import { createReport } from '../operations/reports/report'
import { type KitUser, requestAs } from './users'

/** Bodies as the endpoints take them (docs/api.md), without the `action` of the admin envelope. */
type Body = Record<string, unknown>

export type UseCases = ReturnType<typeof useCasesOf>

/** The use cases as `user` (null: anonymous, who gets the endpoints' 401). */
export function useCasesOf(payload: Payload, user: KitUser | null) {
  // A fresh request per call, as over HTTP: nothing of one call's context reaches the next.
  const run = async <T>(fn: (req: PayloadRequest) => Promise<T>): Promise<T> => {
    const req = await requestAs(payload, user?.user ?? null)
    try {
      return await fn(req)
    } catch (error) {
      throw toApiError(error, (err) => payload.logger.error({ err, msg: 'unhandled error in a testing-kit use case' }))
    }
  }
  /** POST /api/admin/services/bookings {action, id}: confirm, cancel, complete, no_show. */
  const move = (action: 'confirm' | 'cancel' | 'complete' | 'no_show') => (bookingId: string) =>
    run(async (req) => {
      const scope = await requireCatalogueManager(req)
      const input = parseInput(moveBookingBody, { action, id: bookingId })
      return actOnBooking(req, scope, input.id, input.action)
    })

  return {
    /** POST /api/admin/services/services {action: 'create', …}: admins, or managers of the service's organization. */
    createService: (body: Body) =>
      run(async (req) => {
        const scope = await requireCatalogueManager(req)
        const { action: _action, ...input } = parseInput(serviceBodies(localeCodes(payload)).create, {
          ...body,
          action: 'create',
        })
        return createService(req, scope, input)
      }),

    /** POST /api/admin/services/availability {action: 'bulkSet', serviceId, slots}: replaces the service's slots. */
    setAvailability: (serviceId: string, slots: Body[]) =>
      run(async (req) => {
        const scope = await requireCatalogueManager(req)
        const input = parseInput(bulkSetBody, { action: 'bulkSet', serviceId, slots })
        return bulkSetSlots(req, scope, input.serviceId, input.slots)
      }),

    /** POST /api/services/bookings {serviceId, bookingDate, bookingTime, customerMessage?}: any signed-in user. */
    book: (body: Body) =>
      run(async (req) => {
        const customer = requireUser(req)
        return createBooking(req, String(customer.id), parseInput(publicBookingBody, body))
      }),

    /** POST /api/bookings/<id>/cancel {reason?}: the booking's customer's own cancel (staff cancel with `cancel`). */
    cancelOwn: (bookingId: string, body: Body = {}) =>
      run((req) => cancelOwnBooking(req, bookingId, () => Promise.resolve(body))),

    /** POST /api/bookings/<id>/reschedule {bookingDate, bookingTime, holdId?}: its customer, provider or an admin. */
    reschedule: (bookingId: string, body: Body) =>
      run((req) =>
        rescheduleBooking(
          req,
          bookingId,
          () => Promise.resolve(body),
          (raw) => parseInput(rescheduleBody, raw),
        ),
      ),

    /** POST /api/services/holds {serviceId, bookingDate, bookingTime, participants?}: `{status: 201 | 200, hold}`. */
    hold: (body: Body) =>
      run(async (req) => {
        const member = requireUser(req)
        return createHold(req, String(member.id), parseInput(holdBody, body))
      }),

    /** DELETE /api/services/holds/<id>: the holder lets the start go. */
    releaseHold: (holdId: string) => run(async (req) => releaseHold(req, String(requireUser(req).id), holdId)),

    /** POST /api/services/waitlist {serviceId, bookingDate, bookingTime, participants?}: `{entry}`. */
    joinWaitlist: (body: Body) =>
      run(async (req) => {
        const member = requireUser(req)
        return joinWaitlist(req, String(member.id), parseInput(waitlistBody, body))
      }),

    /** DELETE /api/services/waitlist/<id>: the member leaves; an offered hold is released. */
    leaveWaitlist: (entryId: string) => run(async (req) => leaveWaitlist(req, String(requireUser(req).id), entryId)),

    confirm: move('confirm'),
    cancel: move('cancel'),
    complete: move('complete'),
    noShow: move('no_show'),

    /** POST /api/admin/services/bookings {action: 'respond', id, providerResponse}. */
    respond: (bookingId: string, providerResponse: string) =>
      run(async (req) => {
        const scope = await requireCatalogueManager(req)
        const input = parseInput(respondBody, { action: 'respond', id: bookingId, providerResponse })
        return actOnBooking(req, scope, input.id, 'respond', input.providerResponse)
      }),

    /** POST /api/admin/moderate {postType, postId, reason}: moderators and admins. */
    moderate: (body: Body) =>
      run(async (req) => {
        requireModerator(req)
        return moderate(req, parseModerationInput(body))
      }),

    /** POST /api/admin/approve {postType, postId, decision, reason?}. */
    approve: (body: Body) =>
      run(async (req) => {
        requireModerator(req)
        const input = parseApprovalInput(body)
        requireApprover(req, input.postType)
        return decide(req, input)
      }),

    /** POST /api/reports {postType, postId, reason, details?}: any signed-in user. */
    report: (body: Body) =>
      run(async (req) => {
        requireSignedIn(req)
        return createReport(req, parseReportBody(body))
      }),

    /** POST /api/admin/moderation/dismiss {postType, postId, reason}. */
    dismiss: (body: Body) =>
      run(async (req) => {
        requireStaff(req, 'moderation.action')
        return dismissReports(req, parseDismissBody(body))
      }),

    /** POST /api/appeals {postType, postId, statement}: the author of a moderated or rejected item. */
    appeal: (body: Body) =>
      run(async (req) => {
        requireSignedIn(req)
        return fileAppeal(req, parseAppealBody(body))
      }),

    /** POST /api/admin/appeals/decide {appealId, decision, reason}. */
    decideAppeal: (body: Body) =>
      run(async (req) => {
        requireStaff(req, 'moderation.action')
        return decideAppeal(req, parseAppealDecisionBody(body))
      }),
  }
}
