export const BOOKINGS_COLLECTION = 'bookings'

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled_by_customer', 'cancelled_by_provider', 'completed', 'no_show'] as const
