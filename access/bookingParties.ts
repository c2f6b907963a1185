import type { Access } from 'payload'

/** A customer's own bookings (a Where, so lists and single reads filter alike). */
export const ownBookings: Access = ({ req }) => (req.user ? { customer: { equals: req.user.id } } : false)

/** The bookings of the services a provider owns (the booking keeps its provider). */
export const providedBookings: Access = ({ req }) => (req.user ? { provider: { equals: req.user.id } } : false)
