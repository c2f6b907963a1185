// Reading services for the admin API: the filtered, paginated list and one service.
// Every filter and the order (newest first) are served by an index (catalogue-indexes.ts).
import type { PayloadRequest, Where } from 'payload'

import { notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { isUuid } from './rules/references'
import { presentService, type ServiceView } from './present-service'

export const SERVICES = 'service-listings'
export const CATEGORIES = 'service-categories'

export interface ServiceFilters {
  q?: string
  status?: string
  featured?: boolean
  home?: boolean
  category?: string
  orgId?: string
}

// What the API shows; `searchText` and `title` are derived columns for search and the admin panel.
const SERVICE_SELECT = { searchText: false, title: false } as const

/** ILIKE wildcards in the user's text match themselves, not everything. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

export function serviceWhere(filters: ServiceFilters): Where {
  const and: Where[] = []
  if (filters.q) and.push({ searchText: { contains: escapeLike(filters.q.toLowerCase()) } })
  if (filters.status) and.push({ status: { equals: filters.status } })
  if (filters.featured !== undefined) and.push({ isFeatured: { equals: filters.featured } })
  if (filters.home !== undefined) and.push({ displayInHome: { equals: filters.home } })
  if (filters.category) and.push({ category: { equals: filters.category } })
  if (filters.orgId) and.push({ organization: { equals: filters.orgId } })
  return { and }
}

/** Categories of a page of services in one query, as `{ id → doc }`. */
export async function categoriesById(req: PayloadRequest, ids: Array<string | null>): Promise<Map<string, Record<string, unknown>>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))]
  if (wanted.length === 0) return new Map()
  const { docs } = await req.payload.find({
    collection: CATEGORIES,
    where: { id: { in: wanted } },
    select: { name: true, slug: true },
    locale: 'all',
    depth: 0,
    pagination: false,
    overrideAccess: false,
    req,
  })
  return new Map(docs.map((doc) => [String(doc.id), doc as unknown as Record<string, unknown>]))
}

export async function listServices(req: PayloadRequest, filters: ServiceFilters, page: Pagination) {
  // The page is chosen on the narrow rows alone; the arrays (translations, media) are then
  // read for those rows only. Asking for them in the same query would build them for every
  // row the OFFSET skips too: fine on page 1, slow on page 2,000 of 100,000 services.
  const result = await req.payload.find({
    collection: SERVICES,
    where: serviceWhere(filters),
    sort: '-createdAt',
    page: page.page,
    limit: page.perPage,
    select: { ...SERVICE_SELECT, translations: false, media: false },
    depth: 0,
    overrideAccess: false,
    req,
  })
  const docs = result.docs as unknown as Array<Record<string, unknown>>
  const ids = docs.map((doc) => doc.id as string)
  // One after the other: Local API calls rewrite `req.locale`, so they do not share a req at once.
  const arrays = ids.length
    ? await req.payload.find({ collection: SERVICES, where: { id: { in: ids } }, select: { translations: true, media: true }, depth: 0, pagination: false, overrideAccess: false, req })
    : { docs: [] }
  const categories = await categoriesById(req, docs.map((doc) => doc.category as string | null))
  const arraysById = new Map((arrays.docs as unknown as Array<Record<string, unknown>>).map((doc) => [doc.id as string, doc]))
  const services = docs.map((doc) =>
    presentService({ ...doc, ...arraysById.get(doc.id as string) }, { category: categories.get(doc.category as string) ?? null }),
  )
  return paginated('services', services, result.totalDocs, page)
}

export async function findServiceDoc(req: PayloadRequest, id: string): Promise<Record<string, unknown> | null> {
  if (!isUuid(id)) return null
  const doc = await req.payload.findByID({ collection: SERVICES, id, select: SERVICE_SELECT, depth: 0, disableErrors: true, overrideAccess: false, req })
  return (doc as unknown as Record<string, unknown> | null) ?? null
}

/** One service with everything: full translations, media links, its category. */
export async function presentOneService(req: PayloadRequest, doc: Record<string, unknown>): Promise<ServiceView> {
  const categories = await categoriesById(req, [doc.category as string | null])
  return presentService(doc, { category: categories.get(doc.category as string) ?? null, fullTranslations: true })
}

export async function getService(req: PayloadRequest, id: string): Promise<{ service: ServiceView }> {
  const doc = await findServiceDoc(req, id)
  if (!doc) throw notFound('Service not found')
  return { service: await presentOneService(req, doc) }
}
