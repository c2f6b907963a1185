// Payload's list parameters on stock collection routes: `limit`, `page` and `depth` given
// twice (qs makes an array) or as something other than a whole number reached PostgreSQL as
// NaN, a 500 (found by the fuzzer, issue 11). The shell refuses them first, 400 in Payload's
// own error shape.
import type { Request as ExpressRequest } from 'express'

const WHOLE = /^\d{1,9}$/
const NUMERIC = ['limit', 'page', 'depth'] as const

export function stockQueryProblem(req: ExpressRequest): string | undefined {
  const params = new URL(req.originalUrl, 'http://localhost').searchParams
  for (const name of NUMERIC) {
    const values = params.getAll(name)
    if (values.length > 1) return `${name} may be given once`
    if (values.length === 1 && !WHOLE.test(values[0]!)) return `${name} must be a whole number`
  }
  return undefined
}
