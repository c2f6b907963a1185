import type { CollectionConfig } from 'payload'

import { AuditLogs } from './AuditLogs'
import { RateLimits } from './RateLimits'
import { Users } from './Users/index'

export const collections: CollectionConfig[] = [Users, AuditLogs, RateLimits]
