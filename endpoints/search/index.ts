// GET /api/search?q=&type=&locale=&page=&perPage= (docs/api.md "Search"): anyone; what the caller may read,
// decided in the query. The handler sees only the URL, Accept-Language and the caller.
import { defineRoute } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { searchAnswer } from '../../src/operations/search/search'

export const searchEndpoints = [
  // A hot public read: the shell answers it without Payload's request setup.
  ...defineRoute({
    path: '/search',
    methods: 'get',
    handler: async (req) =>
      json(await searchAnswer(req.payload, req.searchParams, req.headers.get('accept-language'), req.user)),
    shell: {
      answer: ({ payload, user, headers, searchParams }) =>
        searchAnswer(payload, searchParams, headers.get('accept-language'), user),
    },
    doc: familyDoc('searchDocs', 'search'),
  }),
]
