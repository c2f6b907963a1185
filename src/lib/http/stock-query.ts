// Payload's list parameters on stock collection routes: `limit`, `page` and `depth` given
// twice (qs makes an array) or as something other than a whole number reached PostgreSQL as
// NaN, a 500 (found by the fuzzer). The shell refuses them first, 400 in Payload's
// own error shape.
const WHOLE = /^\d{1,9}$/
const NUMERIC = ['limit', 'page', 'depth'] as const

/** `params`: the URL's query, or the body of a read sent as POST (stock-json-body.ts). */
export function stockQueryProblem(params: URLSearchParams): string | undefined {
  for (const name of NUMERIC) {
    const values = params.getAll(name)
    if (values.length > 1) return `${name} may be given once`
    if (values.length === 1 && !WHOLE.test(values[0]!)) return `${name} must be a whole number`
  }
  return undefined
}

/** The largest page a stock read answers: the `perPage` bound of docs/api.md "Pagination", clamped like it. */
export const MAX_STOCK_LIMIT = 100

/**
 * A stock read's query with its page bounded: `limit` above 100, and Payload's two ways of
 * asking for everything (`limit=0`, `pagination=false`), become a page of 100. One anonymous
 * `GET /api/forum-posts?limit=0` read and serialized the whole table (a million posts).
 * Writes by `where` are left alone (the panel's bulk delete sends `limit=0`; access rules
 * bound what they touch). Undefined when the query is within bounds already.
 */
export function boundedStockRead(params: URLSearchParams): URLSearchParams | undefined {
  const limit = params.get('limit')
  // stockQueryProblem ran first: a limit here is a whole number.
  const tooLarge = limit !== null && (Number(limit) === 0 || Number(limit) > MAX_STOCK_LIMIT)
  if (!tooLarge && !params.has('pagination')) return undefined
  const bounded = new URLSearchParams(params)
  bounded.delete('pagination')
  if (tooLarge) bounded.set('limit', String(MAX_STOCK_LIMIT))
  return bounded
}
