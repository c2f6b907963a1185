import type { Endpoint } from 'payload'

import { approveEndpoints } from './admin/approve'
import { adminBlogEndpoints } from './admin/blog'
import { moderateEndpoints } from './admin/moderate'
import { moderationSafetyEndpoints } from './admin/moderation-safety'
import { adminNotificationSettingsEndpoints } from './admin/notification-settings'
import { adminOrganizationsEndpoints } from './admin/organizations'
import { screeningEndpoints } from './admin/screening'
import { adminServicesEndpoints } from './admin/services/index'
import { webhooksEndpoints } from './admin/webhooks'
import { authEndpoints } from './auth/index'
import { authClientEndpoints } from './auth-client/index'
import { blockEndpoints } from './profile/blocks'
import { profileEndpoints } from './profile/index'
import { reportsEndpoints } from './reports/index'
import { searchEndpoints } from './search/index'
import { publicBookingEndpoints } from './services/bookings'
import { holdEndpoints } from './services/holds'
import { publicSlotsEndpoints } from './services/slots'
import { waitlistEndpoints } from './services/waitlist'

// The documented /api contract, as Payload root endpoints (see src/lib/http/endpoint.ts).
export const endpoints: Endpoint[] = [
  ...authEndpoints,
  ...adminServicesEndpoints,
  ...publicBookingEndpoints,
  ...holdEndpoints,
  ...waitlistEndpoints,
  ...publicSlotsEndpoints,
  ...moderateEndpoints,
  ...approveEndpoints,
  ...reportsEndpoints,
  ...webhooksEndpoints,
  // Before /profile/:username, which would otherwise read `blocks` as a username.
  ...blockEndpoints,
  ...profileEndpoints,
  ...adminOrganizationsEndpoints,
  ...adminBlogEndpoints,
  ...adminNotificationSettingsEndpoints,
  ...screeningEndpoints,
  ...moderationSafetyEndpoints,
  ...authClientEndpoints,
  ...searchEndpoints,
]
