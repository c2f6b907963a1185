/** A service's lifecycle, its price types and its media links' kinds. */
export const SERVICE_STATUSES = ['draft', 'active', 'suspended', 'archived'] as const
export const PRICE_TYPES = ['hourly', 'fixed', 'per_session', 'custom'] as const
export const MEDIA_LINK_TYPES = ['cover', 'gallery'] as const
