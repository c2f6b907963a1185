// The in-app messages a booking sends (type `booking`): to the provider
// when it is made, to the customer at every move. Each names the service, date and time.
import type { PayloadRequest } from 'payload'

import { type BookingAction, PAST_TENSE } from '../../../domain/bookings'
import { type NoticeMail, notifyWithMail } from '../notifications/notice-mail'
import type { NotificationInput } from '../notifications/notify'
import type { BookingRecord } from './present'
import { serviceTerms } from './service-terms'

/** What a notice names: the booking's parties, service, date and time (and the provider's reply). */
export type BookingFacts = Pick<
  BookingRecord,
  'id' | 'serviceId' | 'providerId' | 'customerId' | 'bookingDate' | 'bookingTime'
> & {
  providerResponse?: string | null
}

/** The service's title as notices and mails name it. */
export async function serviceName(req: PayloadRequest, serviceId: string | null): Promise<string> {
  const terms = serviceId ? await serviceTerms(req, serviceId) : null
  return terms?.title ?? 'a service that no longer exists'
}

const target = (booking: BookingFacts) => ({ targetType: 'bookings', targetId: booking.id })

/** The provider's "new booking" notification, or null when the service has no provider. */
export async function providerNotice(req: PayloadRequest, booking: BookingFacts): Promise<NotificationInput | null> {
  if (!booking.providerId) return null
  const service = await serviceName(req, booking.serviceId)
  return {
    userId: booking.providerId,
    type: 'booking',
    title: `New booking: ${service}`,
    body: `${service} was booked for ${booking.bookingDate} at ${booking.bookingTime}. The booking waits for your confirmation.`,
    ...target(booking),
  }
}

/** The customer's notice of a staff move or response, sent with `mail` (the move's mail) when there is one. */
export async function noticeToCustomer(
  req: PayloadRequest,
  booking: BookingFacts,
  action: BookingAction,
  mail: NoticeMail | null = null,
): Promise<void> {
  if (!booking.customerId) return
  const service = await serviceName(req, booking.serviceId)
  const when = `${service} on ${booking.bookingDate} at ${booking.bookingTime}`
  const notice =
    action === 'respond'
      ? {
          title: `Reply about your booking: ${service}`,
          body: `About your booking of ${when}, the provider says: ${booking.providerResponse ?? ''}`,
        }
      : {
          title: `Booking ${PAST_TENSE[action]}: ${service}`,
          body: `Your booking of ${when} was ${PAST_TENSE[action]}.`,
        }
  await notifyWithMail(req, { userId: booking.customerId, type: 'booking', ...notice, ...target(booking) }, mail)
}

export type PartyMove = 'cancelled' | 'rescheduled'

/**
 * The other party's notice of a cancel or a move by its customer (or, for a move, by its
 * provider or an admin); null when that party is gone. `previous` is the start a move left.
 */
export async function partyNotice(
  req: PayloadRequest,
  booking: BookingFacts,
  to: 'provider' | 'customer',
  move: PartyMove,
  previous?: { bookingDate: string; bookingTime: string },
): Promise<NotificationInput | null> {
  const userId = to === 'provider' ? booking.providerId : booking.customerId
  if (!userId) return null
  const service = await serviceName(req, booking.serviceId)
  const when = `${booking.bookingDate} at ${booking.bookingTime}`
  const whose = to === 'provider' ? 'The customer' : 'The provider'
  const body =
    move === 'cancelled'
      ? `${whose} cancelled the booking of ${service} on ${when}.`
      : `The booking of ${service} on ${previous?.bookingDate} at ${previous?.bookingTime} was moved to ${when}.`
  return {
    userId,
    type: 'booking',
    title: `Booking ${move}: ${service}`,
    body,
    ...target(booking),
  }
}
