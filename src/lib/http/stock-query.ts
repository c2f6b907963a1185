// Payload's list parameters on stock collection routes: `limit`, `page` and `depth` given
// twice (qs makes an array) or as something other than a whole number reached PostgreSQL as
// NaN, a 500 (found by the fuzzer, issue 11). The shell refuses them first, 400 in Payload's
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
