import type { CollectionConfig, FieldAccess, RelationshipFieldSingleValidation } from 'payload'

import { adminField } from '../../access/adminField'
import { anyOf } from '../../access/anyOf'
import { ownBookings, providedBookings } from '../../access/bookingParties'
import { isAdmin } from '../../access/isAdmin'
import { auditHooks } from '../../hooks/shared/audit'
import { isCalendarDate, isClockTime } from '../../src/operations/bookings/schedule'
import { existingReference } from '../../src/operations/catalogue/rules/references'
import { deriveTerms } from './hooks/deriveTerms'
import { guardStatusMove } from './hooks/guardStatusMove'
import { overlapAsConflict } from './hooks/overlapAsConflict'
import { recordChange } from './hooks/recordChange'
import { BOOKING_STATUSES, BOOKINGS_COLLECTION } from './statuses'

export { BOOKING_STATUSES, BOOKINGS_COLLECTION } from './statuses'

const audit = auditHooks('booking')
// Derived by hooks/deriveTerms from the service and the date and time: nobody types them.
const derived: FieldAccess = () => false
const derivedField = { access: { create: derived, update: derived }, admin: { readOnly: true } }
const MESSAGE_MAX = 2000

/** A reference that must exist when the booking is made; later it may have been emptied by a delete. */
function requiredOnCreate(relationTo: string, label: string): RelationshipFieldSingleValidation {
  const check = existingReference(relationTo, label, { required: true })
  return (value, options) => (options.operation === 'create' || value ? check(value, options) : true)
}

// Bookings (SPEC "Booking"). Customers book through `POST /api/services/bookings`; admins
// manage them through `/api/admin/services/bookings`, the panel or the stock route, all
// held to the same rules by these hooks: fields derived from the service, the status
// transition table, and PostgreSQL's no-overlap constraint (src/migrations/*_bookings_no_overlap).
// A customer reads their own bookings, a provider those of their services, admins all.
export const Bookings: CollectionConfig = {
  slug: BOOKINGS_COLLECTION,
  admin: {
    useAsTitle: 'bookingDate',
    defaultColumns: ['bookingDate', 'bookingTime', 'status', 'service', 'customer'],
    listSearchableFields: ['customerMessage'],
  },
  access: { read: anyOf(isAdmin, ownBookings, providedBookings), create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: ['-bookingDate', '-bookingTime'],
  hooks: {
    beforeChange: [deriveTerms, guardStatusMove],
    afterChange: [recordChange],
    afterDelete: [audit.afterDelete],
    afterError: [overlapAsConflict],
  },
  fields: [
    // Not required: a deleted service leaves its past bookings, with service emptied. A new
    // booking needs one that exists (checked on create only, so old ones stay editable).
    {
      name: 'service',
      type: 'relationship',
      relationTo: 'service-listings',
      index: true,
      maxDepth: 0,
      validate: requiredOnCreate('service-listings', 'Service'),
    },
    { name: 'provider', type: 'relationship', relationTo: 'users', index: true, maxDepth: 0, ...derivedField },
    {
      name: 'customer',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      maxDepth: 0,
      // Optional for a booking an admin enters by hand (a walk-in); the public endpoint always sets it.
      validate: existingReference('users', 'Customer'),
    },
    {
      type: 'row',
      fields: [
        { name: 'bookingDate', type: 'text', required: true, admin: { placeholder: 'YYYY-MM-DD' }, validate: (value: unknown) => (isCalendarDate(value) ? true : 'A real date as YYYY-MM-DD') },
        { name: 'bookingTime', type: 'text', required: true, admin: { placeholder: 'HH:MM' }, validate: (value: unknown) => (isClockTime(value) ? true : 'HH:MM, 24-hour, from 00:00 to 23:59') },
        { name: 'endTime', type: 'text', ...derivedField },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'durationMinutes', type: 'number', ...derivedField },
        { name: 'totalPrice', type: 'number', ...derivedField, admin: { readOnly: true, description: 'Minor currency units (cents)' } },
        { name: 'currency', type: 'text', ...derivedField },
      ],
    },
    { name: 'status', type: 'select', required: true, defaultValue: 'pending', index: true, options: [...BOOKING_STATUSES] },
    { name: 'customerMessage', type: 'textarea', maxLength: MESSAGE_MAX },
    { name: 'providerResponse', type: 'textarea', maxLength: MESSAGE_MAX },
    // The booking's time as wall-clock minute numbers (src/operations/bookings/schedule.ts):
    // the range `[startMinute, endMinute)` is what the exclusion constraint compares.
    {
      type: 'row',
      fields: [
        { name: 'startMinute', type: 'number', access: { read: adminField, create: derived, update: derived }, admin: { hidden: true } },
        { name: 'endMinute', type: 'number', access: { read: adminField, create: derived, update: derived }, admin: { hidden: true } },
      ],
    },
  ],
}
