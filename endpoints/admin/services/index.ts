import type { Endpoint } from 'payload'

import { availabilityEndpoints } from './availability'
import { adminBookingsEndpoints } from './bookings'
import { categoriesEndpoints } from './categories'
import { mediaEndpoints } from './media'
import { servicesEndpoints } from './services'
import { translationConfirmEndpoints } from './translation-confirm'
import { translationCoverageEndpoints } from './translation-coverage'
import { adminWaitlistEndpoints } from './waitlist'

// /api/admin/services/*: the admin service catalogue (docs/api.md "Admin service catalogue (/api/admin/services)").
export const adminServicesEndpoints: Endpoint[] = [
  ...servicesEndpoints,
  ...categoriesEndpoints,
  ...availabilityEndpoints,
  ...adminBookingsEndpoints,
  ...mediaEndpoints,
  ...translationCoverageEndpoints,
  ...translationConfirmEndpoints,
  ...adminWaitlistEndpoints,
]
