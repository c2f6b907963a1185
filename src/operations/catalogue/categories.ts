// Service categories for the admin API. Names and other texts are Payload localized fields:
// a create writes every language at once (`locale: 'all'`); an update writes one language at
// a time (Payload ignores localized fields in an all-locales update), all in
// one transaction and under one audit entry. Tree rules (parent exists, no cycle) and slug
// uniqueness are collection hooks shared with the admin panel.
import type { PayloadRequest, Where } from 'payload'

import { isUuid } from '../../../domain/ids'
import { changedFields, writeAudit } from '../../../hooks/shared/audit'
import { apiError, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { defaultLocale } from '../../lib/locales'
import { createData, readAllLocales } from '../../lib/payload-data'
import { textsByLocale } from './localized'
import {
  categoryData,
  type CategoryInput,
  type CategoryView,
  LOCALIZED_CATEGORY_FIELDS,
  presentCategory,
} from './present-category'
import { CATEGORIES, SERVICES } from './services-read'
import { catalogueTransaction } from './transaction'
import { updateByLocale } from './update-by-locale'

type Doc = Record<string, unknown>

export interface CategoryFilters {
  /** A category id, or 'root' for the top level. */
  parent?: string
  featured?: boolean
  home?: boolean
  menu?: boolean
}

const ORDER = ['sortOrder', 'slug']

function categoryWhere(filters: CategoryFilters): Where {
  const and: Where[] = []
  if (filters.parent === 'root') and.push({ parent: { exists: false } })
  else if (filters.parent) and.push({ parent: { equals: filters.parent } })
  if (filters.featured !== undefined) and.push({ isFeatured: { equals: filters.featured } })
  if (filters.home !== undefined) and.push({ displayInHome: { equals: filters.home } })
  if (filters.menu !== undefined) and.push({ displayInMenu: { equals: filters.menu } })
  return { and }
}

export async function listCategories(req: PayloadRequest, filters: CategoryFilters, page: Pagination) {
  const result = await req.payload.find({
    collection: CATEGORIES,
    where: categoryWhere(filters),
    sort: ORDER,
    page: page.page,
    limit: page.perPage,
    locale: 'all',
    depth: 0,
    overrideAccess: false,
    req,
  })
  return paginated(
    'categories',
    result.docs.map((doc) => presentCategory(readAllLocales(doc))),
    result.totalDocs,
    page,
  )
}

/** `all=true`: every matching category, unpaginated (for selectors). */
export async function allCategories(
  req: PayloadRequest,
  filters: CategoryFilters,
): Promise<{ categories: CategoryView[] }> {
  const result = await req.payload.find({
    collection: CATEGORIES,
    where: categoryWhere(filters),
    sort: ORDER,
    pagination: false,
    locale: 'all',
    depth: 0,
    overrideAccess: false,
    req,
  })
  return { categories: result.docs.map((doc) => presentCategory(readAllLocales(doc))) }
}

async function findCategoryDoc(req: PayloadRequest, id: string): Promise<Doc | null> {
  if (!isUuid(id)) return null
  const doc = await req.payload.findByID({
    collection: CATEGORIES,
    id,
    locale: 'all',
    depth: 0,
    disableErrors: true,
    overrideAccess: false,
    req,
  })
  return doc ? readAllLocales(doc) : null
}

async function existing(req: PayloadRequest, id: string): Promise<Doc> {
  const doc = await findCategoryDoc(req, id)
  if (!doc) throw notFound('Category not found')
  return doc
}

export async function getCategory(req: PayloadRequest, id: string): Promise<{ category: CategoryView }> {
  const doc = await existing(req, id)
  const { totalDocs } = await req.payload.count({
    collection: SERVICES,
    where: { category: { equals: id } },
    overrideAccess: false,
    req,
  })
  return { category: presentCategory(doc, { serviceCount: totalDocs }) }
}

/**
 * Every language a category has text in needs a name in that language: Payload keeps one
 * row per language with the (required) name in it.
 */
function requireNames(input: CategoryInput, storedNames: Record<string, unknown> = {}): void {
  const named = new Set([
    ...Object.entries(storedNames)
      .filter(([, value]) => typeof value === 'string' && value)
      .map(([locale]) => locale),
    ...Object.keys(input.name ?? {}),
  ])
  const issues = LOCALIZED_CATEGORY_FIELDS.flatMap((field) =>
    Object.entries(input[field] ?? {})
      .filter(([locale, value]) => value !== null && !named.has(locale))
      .map(([locale]) => ({
        path: `${field}.${locale}`,
        message: `Give the category a name in "${locale}" first (name.${locale})`,
      })),
  )
  if (issues.length) throw apiError('invalid_request', `${issues[0]!.path}: ${issues[0]!.message}`, { issues })
}

export function createCategory(req: PayloadRequest, input: CategoryInput): Promise<{ category: CategoryView }> {
  return catalogueTransaction(req, async () => {
    requireNames(input)
    const localized = Object.fromEntries(
      LOCALIZED_CATEGORY_FIELDS.filter((field) => input[field]).map((field) => [field, input[field]]),
    )
    const doc = await req.payload.create({
      collection: CATEGORIES,
      locale: 'all',
      data: createData(CATEGORIES, { ...categoryData(input), ...localized }),
      depth: 0,
      overrideAccess: false,
      req,
    })
    return { category: presentCategory(await existing(req, String(doc.id))) }
  })
}

/** Fields not sent stay; a localized object changes the languages it names (null clears one). */
export function updateCategory(
  req: PayloadRequest,
  id: string,
  input: CategoryInput,
): Promise<{ category: CategoryView }> {
  return catalogueTransaction(req, async () => {
    const before = await existing(req, id)
    requireNames(input, before.name as Record<string, unknown>)
    const base = categoryData(input)
    // Each call writes one language's row; the non-localized fields go with the first, in a
    // language the category has a name in (a row without its required name cannot be stored).
    const named = Object.entries(presentCategory(before).name).map(([locale]) => locale)
    // Clearing a text in a language the category has no row for: nothing to clear.
    const texts = Object.entries(textsByLocale(input, LOCALIZED_CATEGORY_FIELDS)).filter(
      ([locale, data]) => named.includes(locale) || Object.values(data).some((value) => value !== null),
    )
    if (texts.length === 0) texts.push([named[0] ?? defaultLocale(req.payload), {}])
    await updateByLocale(req, CATEGORIES, id, base, texts)
    const after = await existing(req, id)
    await writeAudit(req, {
      action: 'service_category.update',
      targetType: CATEGORIES,
      targetId: id,
      data: changedFields(before, after),
    })
    return { category: presentCategory(after) }
  })
}

/** Its services lose their category and its children move to the top level (foreign keys). */
export function deleteCategory(req: PayloadRequest, id: string): Promise<{ success: true }> {
  return catalogueTransaction(req, async () => {
    await existing(req, id)
    await req.payload.delete({ collection: CATEGORIES, id, depth: 0, overrideAccess: false, req })
    return { success: true as const }
  })
}
