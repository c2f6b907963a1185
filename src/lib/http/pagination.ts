// `page` ≥ 1 (default 1), `perPage` 1..100 (default 20, larger values clamped to 100);
// anything that is not a positive integer is 400 invalid_request (docs/api.md "Conventions of every route").
import { invalidRequest } from './errors'

export interface Pagination {
  page: number
  perPage: number
}

export const MAX_PER_PAGE = 100
export const DEFAULT_PER_PAGE = 20

function positiveInt(name: string, raw: string | null, fallback: number): number {
  if (raw === null || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw invalidRequest(`${name} must be a positive integer`, [{ path: name, message: 'Expected a positive integer' }])
  }
  return Number(raw)
}

export function parsePagination(params: URLSearchParams): Pagination {
  return {
    page: positiveInt('page', params.get('page'), 1),
    perPage: Math.min(positiveInt('perPage', params.get('perPage'), DEFAULT_PER_PAGE), MAX_PER_PAGE),
  }
}

export function paginated<K extends string, T>(key: K, items: T[], total: number, { page, perPage }: Pagination) {
  return { [key]: items, total, page, perPage, totalPages: Math.ceil(total / perPage) } as { [P in K]: T[] } & {
    total: number
    page: number
    perPage: number
    totalPages: number
  }
}

/** `true`/`false`/`1`/`0`; absent is undefined; anything else 400. */
export function parseBoolean(params: URLSearchParams, name: string): boolean | undefined {
  const raw = params.get(name)
  if (raw === null || raw === '') return undefined
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  throw invalidRequest(`${name} must be true, false, 1 or 0`, [{ path: name, message: 'Expected a boolean' }])
}
