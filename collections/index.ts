import type { CollectionConfig } from 'payload'

import { RateLimits } from './RateLimits'
import { Users } from './Users/index'

export const collections: CollectionConfig[] = [Users, RateLimits]
