import type { CollectionConfig } from 'payload'

import { panelByRole } from '../access/panelByRole'
import { withReportHooks } from '../src/operations/reports/hooks'
import { AuditLogs } from './AuditLogs'
import { AvailabilityExceptions } from './AvailabilityExceptions/index'
import { BlogComments } from './BlogComments/index'
import { BlogPosts } from './BlogPosts'
import { Bookings } from './Bookings/index'
import { COMMUNITY_CONTENT_COLLECTIONS } from './community/index'
import { CommunityMedia } from './CommunityMedia/index'
import { Invitations } from './Invitations'
import { Memberships } from './Memberships'
import { inPanelOrder, panelNavigation } from './navigation'
import { Notifications } from './Notifications'
import { Organizations } from './Organizations'
import { Profiles } from './Profiles'
import { RateLimits } from './RateLimits'
import {
  ContentAppeals,
  ContentReports,
  ModerationDecisions,
  ReportQueue,
  TransparencyPublications,
} from './Reports/index'
import { ServiceAvailability } from './ServiceAvailability/index'
import { ServiceCategories } from './ServiceCategories/index'
import { ServiceListings } from './ServiceListings/index'
import { ServiceMedia } from './ServiceMedia/index'
import { Sessions } from './Sessions'
import { SignupScreening } from './SignupScreening'
import { Users } from './Users/index'
import { VerificationTokens } from './VerificationTokens'
import { Wallets } from './Wallets'
import { WebhookDeliveries } from './WebhookDeliveries'
import { Webhooks } from './Webhooks'

// One line per collection; keep the list sorted by area (accounts, catalogue, …, system).
// The panel groups them by task (./navigation.ts); moderators see only some of them
// (access/panelByRole.ts).
export const collections: CollectionConfig[] = inPanelOrder([
  Users,
  Profiles,
  Wallets,
  Organizations,
  Memberships,
  Invitations,
  Sessions,
  VerificationTokens,
  ServiceListings,
  ServiceCategories,
  ServiceAvailability,
  AvailabilityExceptions,
  ServiceMedia,
  Bookings,
  BlogPosts,
  BlogComments,
  ...COMMUNITY_CONTENT_COLLECTIONS,
  CommunityMedia,
  ContentReports,
  ReportQueue,
  ModerationDecisions,
  ContentAppeals,
  TransparencyPublications,
  SignupScreening,
  Notifications,
  Webhooks,
  WebhookDeliveries,
  AuditLogs,
  RateLimits,
])
  .map(panelNavigation)
  .map(panelByRole)
  // Reportable types keep the queue current and record moderators' deletions (docs/api.md "Reports,
  // the moderation queue, appeals and transparency").
  .map(withReportHooks)
