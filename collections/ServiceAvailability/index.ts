import type { CollectionConfig } from 'payload'

import { anyOf } from '../../access/anyOf'
import { isAdmin } from '../../access/isAdmin'
import { createsManagedSlot, slotsOfManagedServices } from '../../access/organizationManagers'
import { slotsOfActiveServices } from '../../access/slotsOfActiveServices'
import { auditHooks } from '../../hooks/shared/audit'
import { DAY_NAMES } from '../../src/lib/wall-clock'
import { existingReference } from '../../src/operations/catalogue/rules/references'
import {
  SLOTS_COLLECTION,
  validateDayOfWeek,
  validateEndTime,
  validateTime,
  validSlotWithoutOverlap,
} from '../../src/operations/catalogue/rules/slots'

const audit = auditHooks('service_availability')

// Weekly availability of a service: day of week and a time range. Public for active
// services (apps show when a service can be booked); writes for admins and the owners and
// admins of the service's organization (docs/decisions.md "Organizations manage their
// services through the admin catalogue").
export const ServiceAvailability: CollectionConfig<typeof SLOTS_COLLECTION> = {
  slug: SLOTS_COLLECTION,
  labels: { singular: 'Availability slot', plural: 'Availability slots' },
  admin: {
    // The day column reads `Monday 09:00–17:00` (src/admin/WeeklySlotCell.tsx).
    defaultColumns: ['service', 'dayOfWeek', 'isAvailable', 'updatedAt'],
    groupBy: true,
  },
  access: {
    read: anyOf(isAdmin, slotsOfActiveServices, slotsOfManagedServices),
    create: anyOf(isAdmin, createsManagedSlot),
    update: anyOf(isAdmin, slotsOfManagedServices),
    delete: anyOf(isAdmin, slotsOfManagedServices),
  },
  defaultSort: 'dayOfWeek',
  hooks: {
    beforeChange: [validSlotWithoutOverlap],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    {
      name: 'service',
      type: 'relationship',
      relationTo: 'service-listings',
      required: true,
      maxDepth: 1,
      validate: existingReference('service-listings', 'Service'),
    },
    {
      type: 'row',
      fields: [
        {
          name: 'dayOfWeek',
          type: 'number',
          required: true,
          label: 'Day',
          validate: validateDayOfWeek,
          admin: {
            description: DAY_NAMES.map((name, day) => `${day} ${name}`).join(', '),
            components: { Cell: '/src/admin/WeeklySlotCell#WeeklySlotCell' },
          },
        },
        { name: 'startTime', type: 'text', required: true, validate: validateTime, admin: { placeholder: 'HH:MM' } },
        { name: 'endTime', type: 'text', required: true, validate: validateEndTime, admin: { placeholder: 'HH:MM' } },
        { name: 'isAvailable', type: 'checkbox', required: true, defaultValue: true },
      ],
    },
  ],
}
