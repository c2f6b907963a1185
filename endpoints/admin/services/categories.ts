// GET                 /api/admin/services/categories?page&perPage&parent&featured&home&menu → {categories,…}
// GET                 /api/admin/services/categories?all=true[&parent…] → {categories}
// GET                 /api/admin/services/categories?id=… → {category} (with serviceCount)
// POST|PATCH|DELETE   /api/admin/services/categories {action: create|update|delete, …}
import { z } from 'zod'

import { UUID_PATTERN } from '../../../domain/ids'
import { parseInput } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { invalidRequest } from '../../../src/lib/http/errors'
import { parseBoolean, parsePagination } from '../../../src/lib/http/pagination'
import { json } from '../../../src/lib/http/respond'
import { localeCodes, localizedText, localizedTextOrNull } from '../../../src/lib/locales'
import { familyDoc } from '../../../src/lib/openapi/routes'
import {
  allCategories,
  type CategoryFilters,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '../../../src/operations/catalogue/categories'
import { SLUG_HINT, SLUG_MAX, SLUG_PATTERN } from '../../../src/operations/catalogue/rules/slug'
import { requireAdmin } from '../../guards'
import { MUTATION_METHODS, notEmpty, readAction, targetId, uuid } from './actions'

const PATH = '/admin/services/categories'
const ACTIONS = ['create', 'update', 'delete'] as const

function categoryFields(locales: readonly string[]) {
  return {
    slug: z.string().max(SLUG_MAX).regex(SLUG_PATTERN, `Not URL-friendly: use ${SLUG_HINT}`),
    name: localizedText(locales, 200),
    description: localizedTextOrNull(locales, 5000),
    seoTitle: localizedTextOrNull(locales, 300),
    seoDescription: localizedTextOrNull(locales, 1000),
    icon: z.string().max(200).nullable(),
    featuredImageId: uuid('featuredImageId').nullable(),
    // Any string: one that names no category is 400 invalid_parent, like a cycle.
    parentId: z.string().max(100).nullable(),
    sortOrder: z.int({ error: 'A whole number' }).min(-1_000_000).max(1_000_000),
    displayInHome: z.boolean(),
    displayInMenu: z.boolean(),
    isActive: z.boolean(),
    isFeatured: z.boolean(),
  }
}

/** The bodies of the actions, for the configured `locales`. */
export function categoryBodies(locales: readonly string[]) {
  const { slug, name, ...rest } = categoryFields(locales)
  const optional = Object.fromEntries(Object.entries(rest).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof rest]: z.ZodOptional<(typeof rest)[K]>
  }
  return {
    create: z.object({ action: z.literal('create'), slug, name, ...optional }).strict(),
    update: z
      .object({ action: z.literal('update'), id: targetId, slug: slug.optional(), name: name.optional(), ...optional })
      .strict()
      .refine((body) => notEmpty(body), 'Nothing to update: send at least one field'),
    delete: z.object({ action: z.literal('delete'), id: targetId }).strict(),
  }
}

function filtersOf(params: URLSearchParams): CategoryFilters {
  const parent = params.get('parent') || undefined
  if (parent && parent !== 'root' && !UUID_PATTERN.test(parent)) {
    throw invalidRequest('parent must be a category id or "root"', [
      { path: 'parent', message: 'Expected a category id or "root"' },
    ])
  }
  return {
    parent,
    featured: parseBoolean(params, 'featured'),
    home: parseBoolean(params, 'home'),
    menu: parseBoolean(params, 'menu'),
  }
}

export const categoriesEndpoints = [
  ...defineEndpoint(
    PATH,
    'get',
    async (req) => {
      requireAdmin(req)
      const params = req.searchParams
      const id = params.get('id')
      if (id !== null) {
        if (id === '') throw invalidRequest('id is empty', [{ path: 'id', message: 'Expected a category id' }])
        return json(await getCategory(req, id))
      }
      const filters = filtersOf(params)
      if (parseBoolean(params, 'all')) return json(await allCategories(req, filters))
      return json(await listCategories(req, filters, parsePagination(params)))
    },
    familyDoc('adminServicesDocs', 'adminServicesCategories'),
  ),

  ...defineEndpoint(
    PATH,
    [...MUTATION_METHODS],
    async (req) => {
      const { action, body } = await readAction(req, ACTIONS, ['update', 'delete'])
      const schema = categoryBodies(localeCodes(req.payload))
      if (action === 'create') {
        const { action: _action, ...input } = parseInput(schema.create, body)
        return json(await createCategory(req, input), 201)
      }
      if (action === 'update') {
        const { action: _action, id, ...input } = parseInput(schema.update, body)
        return json(await updateCategory(req, id, input))
      }
      const { id } = parseInput(schema.delete, body)
      return json(await deleteCategory(req, id))
    },
    familyDoc('adminServicesDocs', 'adminServicesCategories'),
  ),
]
