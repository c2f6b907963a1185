// The OpenAPI description of GET /api/search (docs/api.md "Search").
import { z } from 'zod'

import { errorResponses, id, json, pageFields, SESSION, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { SEARCH_MAX_PER_PAGE, SEARCH_QUERY_MAX, SNIPPET_MAX } from '../../src/operations/search/search'
import { SEARCH_TYPES } from '../../src/operations/search/search-objects'

const result = z.object({
  type: z.enum(SEARCH_TYPES),
  id,
  slug: z.string().nullable().meta({ description: 'Services, categories and blog posts; null for community items' }),
  title: z.string().meta({ description: 'In `locale` when the item has it, else its default language, else any' }),
  snippet: z.string().meta({
    description: `At most ${SNIPPET_MAX} characters of the matched text, HTML-escaped, each matched word in \`<mark>…</mark>\``,
    example: 'The <mark>repair</mark> café opens every Saturday…',
  }),
  score: z.number().meta({ description: 'Rank (higher is better): the order of the results' }),
  createdAt: timestamp,
})

export const searchDocs = familyDocs((locales: readonly string[]): PathDocs => ({
  search: {
    get: {
      tags: ['Public catalogue'],
      summary: 'Full-text search over services, categories, blog posts and community content (anyone)',
      description:
        'Web-search syntax (words, `"a phrase"`, `-word`, `or`), each content language’s stemming, accents ignored, the last word also as a prefix. Only what the caller may read: anonymous and members the public items (members also their own in any status), moderators every community item, admins everything; a member’s search leaves out the community items of the members they block. Signed-in callers may send a session; none is needed.',
      security: [{}, ...SESSION],
      requestParams: {
        query: z.object({
          q: z.string().meta({ description: `1–${SEARCH_QUERY_MAX} characters`, example: 'repair café' }),
          type: z
            .string()
            .optional()
            .meta({ description: `Comma list of ${SEARCH_TYPES.join(', ')} (default all)`, example: 'service,events' }),
          locale: z
            .enum(locales as [string, ...string[]])
            .optional()
            .meta({
              description:
                'Language of titles and snippets (default: the best of Accept-Language, else the default one)',
            }),
          page: z.string().optional().meta({ description: 'Page ≥ 1 (default 1)', example: '1' }),
          perPage: z
            .string()
            .optional()
            .meta({ description: `1..${SEARCH_MAX_PER_PAGE} (default 20; larger values are clamped)`, example: '20' }),
        }),
      },
      responses: {
        '200': json(
          'The matching items the caller may read, best first',
          z.object({ results: z.array(result), ...pageFields, perPage: z.int().min(1).max(SEARCH_MAX_PER_PAGE) }),
        ),
        ...errorResponses('general', {
          400: '`invalid_request` (with `issues`): `q` missing, empty or too long, an unknown `type` or `locale`, `page` or `perPage` not a positive integer',
        }),
      },
    },
  },
}))
