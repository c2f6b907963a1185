import type { CollectionConfig } from 'payload'

import { AuditLogs } from './AuditLogs'
import { Bookings } from './Bookings'
import { Memberships } from './Memberships'
import { Organizations } from './Organizations'
import { Profiles } from './Profiles'
import { RateLimits } from './RateLimits'
import { ServiceAvailability } from './ServiceAvailability/index'
import { ServiceCategories } from './ServiceCategories/index'
import { ServiceListings } from './ServiceListings/index'
import { ServiceMedia } from './ServiceMedia/index'
import { Sessions } from './Sessions'
import { Users } from './Users/index'
import { VerificationTokens } from './VerificationTokens'
import { Wallets } from './Wallets'

// One line per collection; keep the list sorted by area (accounts, catalogue, …, system).
export const collections: CollectionConfig[] = [
  Users,
  Profiles,
  Wallets,
  Organizations,
  Memberships,
  Sessions,
  VerificationTokens,
  ServiceListings,
  ServiceCategories,
  ServiceAvailability,
  ServiceMedia,
  Bookings,
  AuditLogs,
  RateLimits,
]
