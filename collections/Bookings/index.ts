import type { CollectionConfig, FieldAccess, RelationshipFieldSingleValidation } from 'payload'

import { adminField } from '../../access/adminField'
import { anyOf } from '../../access/anyOf'
import { ownBookings, providedBookings } from '../../access/bookingParties'
import { isAdmin } from '../../access/isAdmin'
import { bookingsOfManagedServices } from '../../access/organizationManagers'
import {
  BOOKING_STATUSES,
  BOOKINGS_COLLECTION,
  CANCELLATION_REASON_MAX,
  MAX_SEATS_PER_SLOT,
} from '../../domain/bookings'
import { idOf } from '../../domain/ids'
import { auditHooks } from '../../hooks/shared/audit'
import { isCalendarDate, isClockTime } from '../../src/lib/wall-clock'
import { serviceTerms } from '../../src/operations/bookings/service-terms'
import { existingReference } from '../../src/operations/catalogue/rules/references'
import { calendarEndpoints } from './endpoints/calendar'
import { ownMoveEndpoints } from './endpoints/own-moves'
import { deriveTerms } from './hooks/deriveTerms'
import { guardStatusMove } from './hooks/guardStatusMove'
import { overlapAsConflict } from './hooks/overlapAsConflict'
import { recordChange } from './hooks/recordChange'

const audit = auditHooks('booking')
// Derived by hooks/deriveTerms from the service and the date and time: nobody types them.
const derived: FieldAccess = () => false
const derivedField = { access: { create: derived, update: derived }, admin: { readOnly: true } }
const MESSAGE_MAX = 2000

/**
 * The service must exist when the booking is made (later a delete may have emptied the
 * reference). Read through the per-request loader the hooks and the public endpoint share,
 * so the public path pays no extra query for it.
 */
const validateService: RelationshipFieldSingleValidation = async (value, options) => {
  const id = idOf(value)
  if (!id) return options.operation === 'create' ? 'Service is required' : true
  if (options.event === 'onChange') return true
  return (await serviceTerms(options.req, id)) ? true : `No service with id ${id}`
}

const customerReference = existingReference('users', 'Customer')
/** Optional (an admin may enter a walk-in); when set it must exist, which the signed-in user does. */
const validateCustomer: RelationshipFieldSingleValidation = (value, options) =>
  value && idOf(value) === idOf(options.req.user?.id) ? true : customerReference(value, options)

// Bookings. Customers book through `POST /api/services/bookings`; admins manage them through
// `/api/admin/services/bookings`, the panel or the stock route, all held to the same rules: these
// hooks (fields derived from the service, the status transition table) and the booking rule's trigger
// (src/operations/bookings/booking-judge.ts: holds, seats, the cap, no overlap). A customer reads their own
// bookings, a provider those of their services, admins all; the owners and admins of a service's
// organization read and move its bookings (docs/decisions.md "Organizations manage their services
// through the admin catalogue"; entering and deleting bookings stays with platform admins).
export const Bookings: CollectionConfig<typeof BOOKINGS_COLLECTION> = {
  slug: BOOKINGS_COLLECTION,
  admin: {
    useAsTitle: 'bookingDate',
    defaultColumns: ['bookingDate', 'bookingTime', 'status', 'service', 'customer', 'cancelledAt'],
    listSearchableFields: ['customerMessage'],
    // Group by status (what waits to be confirmed) or by date from the list's toolbar.
    groupBy: true,
  },
  access: {
    read: anyOf(isAdmin, ownBookings, providedBookings, bookingsOfManagedServices),
    create: isAdmin,
    update: anyOf(isAdmin, bookingsOfManagedServices),
    delete: isAdmin,
  },
  defaultSort: ['-bookingDate', '-bookingTime'],
  // GET /api/bookings/:id/calendar.ics, the booking as an iCalendar event; POST …/cancel and …/reschedule.
  endpoints: [...calendarEndpoints, ...ownMoveEndpoints],
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
      validate: validateService,
    },
    { name: 'provider', type: 'relationship', relationTo: 'users', index: true, maxDepth: 0, ...derivedField },
    {
      name: 'customer',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      maxDepth: 0,
      validate: validateCustomer,
    },
    {
      type: 'row',
      fields: [
        {
          name: 'bookingDate',
          type: 'text',
          required: true,
          admin: { placeholder: 'YYYY-MM-DD' },
          validate: (value: unknown) => (isCalendarDate(value) ? true : 'A real date as YYYY-MM-DD'),
        },
        {
          name: 'bookingTime',
          type: 'text',
          required: true,
          admin: { placeholder: 'HH:MM' },
          validate: (value: unknown) => (isClockTime(value) ? true : 'HH:MM, 24-hour, from 00:00 to 23:59'),
        },
        { name: 'endTime', type: 'text', ...derivedField },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'durationMinutes', type: 'number', ...derivedField },
        {
          name: 'totalPrice',
          type: 'number',
          ...derivedField,
          admin: { readOnly: true, description: 'Minor currency units (cents)' },
        },
        { name: 'currency', type: 'text', ...derivedField },
        {
          name: 'participants',
          type: 'number',
          defaultValue: 1,
          min: 1,
          max: MAX_SEATS_PER_SLOT,
          admin: { description: 'People this booking brings (the seats it takes)' },
        },
      ],
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: [...BOOKING_STATUSES],
    },
    { name: 'customerMessage', type: 'textarea', maxLength: MESSAGE_MAX },
    { name: 'providerResponse', type: 'textarea', maxLength: MESSAGE_MAX },
    // Set by the customer's own cancel (docs/api.md "Cancel and reschedule a booking").
    {
      type: 'row',
      fields: [
        {
          name: 'cancelledAt',
          type: 'date',
          ...derivedField,
          admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
        },
        { name: 'cancellationReason', type: 'textarea', maxLength: CANCELLATION_REASON_MAX, ...derivedField },
      ],
    },
    // Its creation, status moves, reschedules and cancels from the audit entries, oldest first, with who and when.
    { name: 'history', type: 'ui', admin: { components: { Field: '/src/admin/BookingHistory#BookingHistory' } } },
    // How often the booking was moved: the calendar file's SEQUENCE counts it, so a calendar
    // that imported an earlier invitation moves its event rather than keeping the old time.
    {
      name: 'rescheduleCount',
      type: 'number',
      defaultValue: 0,
      access: { read: adminField, create: derived, update: derived },
      admin: { hidden: true },
    },
    // When the reminder mail was queued (src/operations/bookings/reminders.ts): set once, by
    // a conditional UPDATE, so two instances or a restart never remind twice.
    {
      name: 'reminderQueuedAt',
      type: 'date',
      access: { read: adminField, create: derived, update: derived },
      admin: { hidden: true },
    },
    // The booking's time as wall-clock minute numbers (src/lib/wall-clock.ts):
    // the range `[startMinute, endMinute)` is what the exclusion constraint compares.
    {
      type: 'row',
      fields: [
        {
          name: 'startMinute',
          type: 'number',
          access: { read: adminField, create: derived, update: derived },
          admin: { hidden: true },
        },
        {
          name: 'endMinute',
          type: 'number',
          access: { read: adminField, create: derived, update: derived },
          admin: { hidden: true },
        },
      ],
    },
    // The service's buffers when the booking was made (docs/api.md "Exceptions: days off
    // and extra hours", docs/decisions.md "Days off, extra hours, buffers and daily caps"):
    // the constraint compares `[startMinute − before, endMinute + after)`, so a later
    // change of the service's buffers never rewrites, nor retroactively clashes with, older
    // bookings.
    {
      type: 'row',
      fields: [
        {
          name: 'bufferBeforeMinutes',
          type: 'number',
          defaultValue: 0,
          access: { read: adminField, create: derived, update: derived },
          admin: { hidden: true },
        },
        {
          name: 'bufferAfterMinutes',
          type: 'number',
          defaultValue: 0,
          access: { read: adminField, create: derived, update: derived },
          admin: { hidden: true },
        },
      ],
    },
  ],
}
