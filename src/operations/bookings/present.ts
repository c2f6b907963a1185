// The shapes the API shows a booking in: the record the public endpoint creates
// (docs/api.md "POST /api/services/bookings") and the admin representation
// (docs/api.md "Admin service catalogue (/api/admin/services)"). Both are built from a
// booking document, or from a SQL row whose columns carry the same names.
import { idOf } from '../../../domain/ids'

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null)
const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value ? new Date(value as string).toISOString() : null

export interface BookingRecord {
  id: string
  serviceId: string | null
  providerId: string | null
  customerId: string | null
  bookingDate: string
  bookingTime: string
  endTime: string | null
  durationMinutes: number | null
  totalPrice: number | null
  currency: string | null
  status: string
  customerMessage: string | null
  participants: number
  createdAt: string | null
}

export function presentBooking(doc: Record<string, unknown>): BookingRecord {
  return {
    id: String(doc.id),
    serviceId: idOf(doc.service),
    providerId: idOf(doc.provider),
    customerId: idOf(doc.customer),
    bookingDate: doc.bookingDate as string,
    bookingTime: doc.bookingTime as string,
    endTime: textOrNull(doc.endTime),
    durationMinutes: numberOrNull(doc.durationMinutes),
    totalPrice: numberOrNull(doc.totalPrice),
    currency: textOrNull(doc.currency),
    status: doc.status as string,
    customerMessage: textOrNull(doc.customerMessage),
    participants: numberOrNull(doc.participants) ?? 1,
    createdAt: iso(doc.createdAt),
  }
}

export interface AdminBooking extends BookingRecord {
  providerResponse: string | null
  cancelledAt: string | null
  cancellationReason: string | null
  serviceSlug: string | null
  serviceTitle: string | null
  customerName: string | null
  customerEmail: string | null
  customerImage: string | null
  updatedAt: string | null
}

/** A booking with its service's slug and title and its customer's name and email. */
export function presentAdminBooking(row: Record<string, unknown>): AdminBooking {
  return {
    ...presentBooking(row),
    providerResponse: textOrNull(row.providerResponse),
    cancelledAt: iso(row.cancelledAt),
    cancellationReason: textOrNull(row.cancellationReason),
    serviceSlug: textOrNull(row.serviceSlug),
    serviceTitle: textOrNull(row.serviceTitle),
    customerName: textOrNull(row.customerName),
    customerEmail: textOrNull(row.customerEmail),
    // Neither users nor profiles carry an image in this schema (docs/decisions.md).
    customerImage: null,
    updatedAt: iso(row.updatedAt),
  }
}
