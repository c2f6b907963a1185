import type { CollectionConfig } from 'payload'

import { AuditLogs } from './AuditLogs'
import { Memberships } from './Memberships'
import { Organizations } from './Organizations'
import { RateLimits } from './RateLimits'
import { Users } from './Users/index'

// One line per collection; keep the list sorted by area (accounts, catalogue, …, system).
export const collections: CollectionConfig[] = [
  Users,
  Organizations,
  Memberships,
  AuditLogs,
  RateLimits,
]
