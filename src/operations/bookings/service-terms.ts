// The service facts a booking is made from (status, owner, price, duration, title). Read
// once per request: the public operation checks them and the collection hook derives the
// booking's fields from them, without a second query. System reads (overrideAccess): the
// customer may not read a draft service, yet must learn that it is not active (400).
import type { PayloadRequest } from 'payload'

import { idOf } from '../catalogue/localized'
import { isUuid } from '../catalogue/rules/references'

export interface ServiceTerms {
  id: string
  slug: string
  title: string
  status: string
  providerId: string | null
  basePrice: string | null
  priceType: string | null
  currency: string
  durationMinutes: number | null
  bookingAdvanceHours: number | null
}

const SELECT = {
  slug: true,
  title: true,
  status: true,
  provider: true,
  basePrice: true,
  priceType: true,
  currency: true,
  durationMinutes: true,
  bookingAdvanceHours: true,
} as const

const loaded = new WeakMap<PayloadRequest, Map<string, ServiceTerms | null>>()

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : value === null || value === undefined ? null : Number(value))

export async function serviceTerms(req: PayloadRequest, serviceId: string): Promise<ServiceTerms | null> {
  if (!isUuid(serviceId)) return null
  let cache = loaded.get(req)
  if (!cache) loaded.set(req, (cache = new Map()))
  if (cache.has(serviceId)) return cache.get(serviceId)!
  const doc = (await req.payload.findByID({
    collection: 'service-listings',
    id: serviceId,
    select: SELECT,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
    req,
  })) as unknown as Record<string, unknown> | null
  const terms: ServiceTerms | null = doc
    ? {
        id: String(doc.id),
        slug: doc.slug as string,
        title: (doc.title as string | null) || (doc.slug as string),
        status: doc.status as string,
        providerId: idOf(doc.provider),
        basePrice: (doc.basePrice as string | null) ?? null,
        priceType: (doc.priceType as string | null) ?? null,
        currency: doc.currency as string,
        durationMinutes: numberOrNull(doc.durationMinutes),
        bookingAdvanceHours: numberOrNull(doc.bookingAdvanceHours),
      }
    : null
  cache.set(serviceId, terms)
  return terms
}
