import type { CollectionConfig } from 'payload'

import { anyOf } from '../../access/anyOf'
import { isAdmin } from '../../access/isAdmin'
import { createsManagedSlot, slotsOfManagedServices } from '../../access/organizationManagers'
import { auditHooks } from '../../hooks/shared/audit'
import {
  EXCEPTIONS_COLLECTION,
  REASON_MAX,
  validateExceptionDate,
  validateOptionalTime,
  validExceptionWithoutOverlap,
} from '../../src/operations/catalogue/rules/exceptions'
import { existingReference } from '../../src/operations/catalogue/rules/references'

// The names of docs/api.md "Exceptions: days off and extra hours": the entries belong to the availability family.
const audit = auditHooks('service_availability', {
  create: 'service_availability.exception_create',
  update: 'service_availability.exception_update',
  delete: 'service_availability.exception_delete',
})

// Days off and extra hours of a service (docs/api.md "Exceptions: days off and extra
// hours"): a date closed whole, a window of it closed, or a window opened instead of the
// weekly slots. Staff only: unlike the weekly slots they are not on public show (a reason
// may be private: "surgery"); the public sees their effect in GET /api/services/:id/slots.
// Writers: admins and the managers of the service's organization (docs/decisions.md
// "Organizations manage their services through the admin catalogue"), as for the slots.
export const AvailabilityExceptions: CollectionConfig<typeof EXCEPTIONS_COLLECTION> = {
  slug: EXCEPTIONS_COLLECTION,
  labels: { singular: 'Availability exception', plural: 'Availability exceptions' },
  admin: {
    useAsTitle: 'date',
    defaultColumns: ['date', 'isAvailable', 'startTime', 'endTime', 'reason', 'service'],
  },
  access: {
    read: anyOf(isAdmin, slotsOfManagedServices),
    create: anyOf(isAdmin, createsManagedSlot),
    update: anyOf(isAdmin, slotsOfManagedServices),
    delete: anyOf(isAdmin, slotsOfManagedServices),
  },
  defaultSort: ['date', 'startTime'],
  hooks: {
    beforeChange: [validExceptionWithoutOverlap],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    {
      name: 'service',
      type: 'relationship',
      relationTo: 'service-listings',
      required: true,
      index: true,
      maxDepth: 1,
      validate: existingReference('service-listings', 'Service'),
    },
    {
      type: 'row',
      fields: [
        {
          name: 'date',
          type: 'text',
          required: true,
          index: true,
          validate: validateExceptionDate,
          admin: { placeholder: 'YYYY-MM-DD' },
        },
        {
          name: 'isAvailable',
          type: 'checkbox',
          required: true,
          defaultValue: false,
          label: 'Open (extra hours)',
          admin: {
            description:
              'Unticked: closed (the whole date without times, else the window). Ticked: these hours replace the weekly slots of the date.',
          },
        },
        { name: 'startTime', type: 'text', validate: validateOptionalTime, admin: { placeholder: 'HH:MM' } },
        { name: 'endTime', type: 'text', validate: validateOptionalTime, admin: { placeholder: 'HH:MM' } },
      ],
    },
    { name: 'reason', type: 'text', maxLength: REASON_MAX },
  ],
}
