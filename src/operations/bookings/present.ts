// The shapes the API shows a booking in: the record the public endpoint creates
// (API-CONTRACT §4) and the admin representation (SPEC "Booking", API-CONTRACT §3).
const idOf = (value: unknown) => (value && typeof value === 'object' ? String((value as { id: unknown }).id) : value ? String(value) : null)
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value ? new Date(value as string).toISOString() : null)

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
    endTime: (doc.endTime as string | null) ?? null,
    durationMinutes: numberOrNull(doc.durationMinutes),
    totalPrice: numberOrNull(doc.totalPrice),
    currency: (doc.currency as string | null) ?? null,
    status: doc.status as string,
    customerMessage: (doc.customerMessage as string | null) ?? null,
    createdAt: iso(doc.createdAt),
  }
}

export interface AdminBooking extends BookingRecord {
  providerResponse: string | null
  serviceSlug: string | null
  serviceTitle: string | null
  customerName: string | null
  customerEmail: string | null
  customerImage: string | null
  updatedAt: string | null
}

/** A row of the admin list query (snake_case columns of bookings joined to its service and customer). */
export function presentAdminBooking(row: Record<string, unknown>): AdminBooking {
  return {
    id: String(row.id),
    serviceId: idOf(row.service_id),
    providerId: idOf(row.provider_id),
    customerId: idOf(row.customer_id),
    status: row.status as string,
    bookingDate: row.booking_date as string,
    bookingTime: row.booking_time as string,
    endTime: (row.end_time as string | null) ?? null,
    durationMinutes: numberOrNull(row.duration_minutes),
    totalPrice: numberOrNull(row.total_price),
    currency: (row.currency as string | null) ?? null,
    customerMessage: (row.customer_message as string | null) ?? null,
    providerResponse: (row.provider_response as string | null) ?? null,
    serviceSlug: (row.service_slug as string | null) ?? null,
    serviceTitle: (row.service_title as string | null) ?? null,
    customerName: (row.customer_name as string | null) ?? null,
    customerEmail: (row.customer_email as string | null) ?? null,
    // Neither users nor profiles carry an image in this schema (docs/decisions.md).
    customerImage: null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}
