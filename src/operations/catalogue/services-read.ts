// Reading services for the admin API: the filtered, paginated list and one service (each one
// prepared statement: services-query.ts), and the documents write operations start from.
// Every filter and the order (newest first) are served by an index (catalogue-indexes.ts).
import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import { type CatalogueScope, inScope } from '../../lib/catalogue-scope'
import { notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { fieldsOf, readAllLocales } from '../../lib/payload-data'
import { hasWaitingDraft } from '../versions/drafts'
import { presentService, type ServiceView } from './present-service'
import { queryService, queryServicePage, type ServiceFilters } from './services-query'

export const SERVICES = 'service-listings'
export const CATEGORIES = 'service-categories'

// What the API shows; `searchText` and `title` are derived columns for search and the admin panel.
const SERVICE_SELECT = { searchText: false, title: false } as const

/** Categories of a page of services in one query, as `{ id → doc }`. */
export async function categoriesById(
  req: PayloadRequest,
  ids: Array<string | null>,
): Promise<Map<string, Record<string, unknown>>> {
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
  return new Map(docs.map((doc) => [String(doc.id), readAllLocales(doc)]))
}

/** The services within `scope`, filtered and paginated. */
export async function listServices(
  req: PayloadRequest,
  scope: CatalogueScope,
  filters: ServiceFilters,
  page: Pagination,
) {
  const scoped = scope.kind === 'everything' ? filters : { ...filters, organizations: scope.ids }
  const { total, rows } = await queryServicePage(req.payload, scoped, page.perPage, (page.page - 1) * page.perPage)
  const services = rows.map(({ doc, category }) => presentService(doc, { category }))
  return paginated('services', services, total, page)
}

/**
 * A service the caller may manage, or null: one outside their scope is as missing as one that
 * does not exist (404, docs/decisions.md "Organizations manage their services through the
 * admin catalogue"), even when it is active and so publicly readable.
 */
export async function findServiceDoc(
  req: PayloadRequest,
  scope: CatalogueScope,
  id: string,
): Promise<Record<string, unknown> | null> {
  if (!isUuid(id)) return null
  const doc = await req.payload.findByID({
    collection: SERVICES,
    id,
    select: SERVICE_SELECT,
    depth: 0,
    disableErrors: true,
    overrideAccess: false,
    req,
  })
  const found = doc ? fieldsOf(doc) : null
  return found && inScope(scope, found.organization) ? found : null
}

/** One service with everything: full translations, media links, its category. */
export async function presentOneService(req: PayloadRequest, doc: Record<string, unknown>): Promise<ServiceView> {
  const categories = await categoriesById(req, [doc.category as string | null])
  return presentService(doc, { category: categories.get(doc.category as string) ?? null, fullTranslations: true })
}

export async function getService(
  req: PayloadRequest,
  scope: CatalogueScope,
  id: string,
): Promise<{ service: ServiceView & { hasDraft: boolean } }> {
  const found = isUuid(id) ? await queryService(req.payload, id) : null
  if (!found || !inScope(scope, found.doc.organization)) throw notFound('Service not found')
  // docs/api.md "Drafts": an edit saved as a draft waits beside what this shows.
  const hasDraft = await hasWaitingDraft(req, 'service-listings', id)
  return { service: { ...presentService(found.doc, { category: found.category, fullTranslations: true }), hasDraft } }
}
