import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'
import { auditHooks } from '../hooks/shared/audit'

const audit = auditHooks('booking')

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled_by_customer', 'cancelled_by_provider', 'completed', 'no_show'] as const

// Minimal for now: the catalogue needs it to refuse deleting a service with open bookings.
// The public and admin booking endpoints are a later issue (API-CONTRACT §3, §4).
export const Bookings: CollectionConfig = {
  slug: 'bookings',
  admin: { defaultColumns: ['service', 'bookingDate', 'bookingTime', 'status', 'customer'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { afterChange: [audit.afterChange], afterDelete: [audit.afterDelete] },
  fields: [
    // Not required: a deleted service leaves its past bookings, with service emptied.
    { name: 'service', type: 'relationship', relationTo: 'service-listings', index: true, maxDepth: 0 },
    { name: 'provider', type: 'relationship', relationTo: 'users', index: true, maxDepth: 0 },
    { name: 'customer', type: 'relationship', relationTo: 'users', index: true, maxDepth: 0 },
    { name: 'bookingDate', type: 'text', required: true, admin: { placeholder: 'YYYY-MM-DD' } },
    { name: 'bookingTime', type: 'text', required: true, admin: { placeholder: 'HH:MM' } },
    { name: 'endTime', type: 'text' },
    { name: 'durationMinutes', type: 'number' },
    { name: 'totalPrice', type: 'number', admin: { description: 'Minor currency units (cents)' } },
    { name: 'currency', type: 'text' },
    { name: 'status', type: 'select', required: true, defaultValue: 'pending', index: true, options: [...BOOKING_STATUSES] },
    { name: 'customerMessage', type: 'textarea' },
    { name: 'providerResponse', type: 'textarea' },
  ],
}

