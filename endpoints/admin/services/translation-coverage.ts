// GET /api/admin/services/translations/coverage?lang&state&status&type&missing&page&perPage → {counts, items, …}
// What a content language still lacks: the services and categories without a
// translation in `lang`, or without some of its texts, and the counts for every configured
// language. Admins only, like the rest of /api/admin/services. The query and response
// schemas are exported for the OpenAPI document.
import { z } from 'zod'

import { parseInput } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { paginated, parsePagination } from '../../../src/lib/http/pagination'
import { json } from '../../../src/lib/http/respond'
import { defaultLocale, localeCodes } from '../../../src/lib/locales'
import { familyDoc } from '../../../src/lib/openapi/routes'
import {
  CATEGORY_TEXTS,
  coverageQuerySchema,
  SERVICE_TEXTS,
  translationCoverage,
} from '../../../src/operations/catalogue/translation-coverage'
import { requireAdmin } from '../../guards'

export const COVERAGE_PATH = '/admin/services/translations/coverage'

const count = z.int().min(0)
const text = z.enum([...new Set([...SERVICE_TEXTS, ...CATEGORY_TEXTS])] as [string, ...string[]])
export const coverageItemSchema = z
  .object({
    type: z.enum(['service', 'category']),
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    status: z.string(),
    missing: z.array(text),
    adminUrl: z.string(),
    outdated: z.array(text).optional().meta({ description: 'With state=outdated: the texts whose source changed' }),
    sourceChangedAt: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'With state=outdated: the latest of those source changes' }),
  })
  .strict()
export const coverageResponseSchema = z
  .object({
    language: z.string(),
    counts: z.array(
      z
        .object({
          language: z.string(),
          services: count,
          categories: count,
          outdatedServices: count,
          outdatedCategories: count,
        })
        .strict(),
    ),
    items: z.array(coverageItemSchema),
    total: count,
    page: z.int().min(1),
    perPage: z.int().min(1),
    totalPages: count,
  })
  .strict()
export type CoverageResponse = z.infer<typeof coverageResponseSchema>

const QUERY_KEYS = ['lang', 'state', 'status', 'type', 'missing']

export const translationCoverageEndpoints = defineEndpoint(
  COVERAGE_PATH,
  'get',
  async (req) => {
    requireAdmin(req)
    const params = req.searchParams
    const page = parsePagination(params)
    const all = localeCodes(req.payload)
    const query = parseInput(
      coverageQuerySchema(all),
      Object.fromEntries([...params].filter(([key, value]) => QUERY_KEYS.includes(key) && value !== '')),
    )
    const coverage = await translationCoverage(
      req.payload,
      { all, default: defaultLocale(req.payload) },
      { language: query.lang, state: query.state, status: query.status, type: query.type, missing: query.missing },
      page,
    )
    const body: CoverageResponse = {
      language: coverage.language,
      counts: coverage.counts,
      ...paginated('items', coverage.items, coverage.total, page),
    }
    return json(body)
  },
  familyDoc('adminServicesDocs', 'adminServicesTranslationsCoverage'),
)
