// GET /api/search answered by the shell, as the other hot public reads are (docs/decisions.md "Hot signed-in
// reads answered by the shell"): Payload's per-request setup cost about as much as the search itself. The
// Payload endpoint (endpoints/search/index.ts) stays the reference and runs the same `searchAnswer`; the shell
// passes on what it does not recognise exactly (HEAD, another path).
import type { RequestHandler } from 'express'
import type { Payload } from 'payload'

import { shellAnswer } from '../../lib/http/shell-answer'
import { searchAnswer } from './search'

/** `/api/search`, trailing slashes dropped, `search` compared ignoring case (path-to-regexp's way; `/api` is exact). */
export const SEARCH_PATH = /^\/api\/[sS][eE][aA][rR][cC][hH]\/*$/

export function searchReadRoute(payload: Payload): RequestHandler {
  return async (req, res, next) => {
    try {
      if (req.method !== 'GET') return next()
      const url = new URL(req.originalUrl, 'http://localhost')
      if (!SEARCH_PATH.test(url.pathname)) return next()
      await shellAnswer(payload, req, res, '/api/search', (user) =>
        searchAnswer(payload, url.searchParams, req.headers['accept-language'] ?? null, user),
      )
    } catch (error) {
      next(error)
    }
  }
}
