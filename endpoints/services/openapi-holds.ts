// The hold record the holds routes answer with (docs/api.md "Holds").
import { z } from 'zod'

import { id, timestamp } from '../../src/lib/openapi/common'

export const holdRecord = z
  .object({
    id,
    serviceId: id,
    bookingDate: z.iso.date(),
    bookingTime: z.string().meta({ example: '14:00' }),
    endTime: z.string().nullable().meta({ description: '`bookingTime` + the service’s duration; null without one' }),
    participants: z.int(),
    expiresAt: timestamp.meta({
      description: 'When the hold lapses by itself (`BOOKING_HOLD_SECONDS` after it was made)',
    }),
  })
  .meta({ id: 'Hold' })
