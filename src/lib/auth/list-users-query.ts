// admin/list-users (docs/api.md "Accounts beyond sign-in (/api/auth)") with Better Auth's query: search (email or name;
// contains, starts_with, ends_with), one filter (field, operator, value), sort, limit and
// offset. Columns and operators come from the fixed tables below, never from the request;
// values are bound parameters. Searches are served by trigram indexes on email and name
// (migration 20261125_012607_accounts), sorts by the btree indexes.
import type { PayloadRequest } from 'payload'

import { execute, sql } from '../sql'
import { type AccountUser, accountUserOf } from './current'

export const SEARCH_FIELDS = ['email', 'name'] as const
export const SEARCH_OPERATORS = ['contains', 'starts_with', 'ends_with'] as const
export const FILTER_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'contains'] as const
export const LIST_FIELDS = [
  'email',
  'name',
  'username',
  'role',
  'banned',
  'emailVerified',
  'createdAt',
  'updatedAt',
] as const

type ListField = (typeof LIST_FIELDS)[number]

// `nullable`: only those sort with NULLS LAST. On a NOT NULL column it changes no order but
// stops PostgreSQL from walking the column's btree backwards for a descending sort (the
// index's order is DESC NULLS FIRST), so newest-first read every match to sort it.
const COLUMNS: Record<
  Exclude<ListField, 'role'>,
  { column: string; kind: 'text' | 'bool' | 'date'; nullable?: true }
> = {
  email: { column: 'u.email', kind: 'text' },
  name: { column: 'u.name', kind: 'text', nullable: true },
  username: { column: 'u.username', kind: 'text', nullable: true },
  banned: { column: 'u.banned', kind: 'bool' },
  emailVerified: { column: 'u.email_verified', kind: 'bool' },
  createdAt: { column: 'u.created_at', kind: 'date' },
  updatedAt: { column: 'u.updated_at', kind: 'date' },
}

const COMPARE = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const

export interface ListUsersQuery {
  searchValue?: string
  searchField: (typeof SEARCH_FIELDS)[number]
  searchOperator: (typeof SEARCH_OPERATORS)[number]
  filterField?: ListField
  filterValue?: string
  filterOperator: (typeof FILTER_OPERATORS)[number]
  sortBy?: Exclude<ListField, 'role'>
  sortDirection: 'asc' | 'desc'
  limit: number
  offset: number
}

/** `%`, `_` and `\` in a search are themselves, not patterns. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

function searchCondition(query: ListUsersQuery) {
  if (!query.searchValue) return null
  const escaped = escapeLike(query.searchValue)
  const pattern =
    query.searchOperator === 'starts_with'
      ? `${escaped}%`
      : query.searchOperator === 'ends_with'
        ? `%${escaped}`
        : `%${escaped}%`
  return sql`${sql.raw(COLUMNS[query.searchField].column)} ILIKE ${pattern}`
}

/** null when the filter is absent; a string when the value does not fit the field (400). */
function filterCondition(query: ListUsersQuery): ReturnType<typeof sql> | null | string {
  if (query.filterValue === undefined || query.filterValue === '') return null
  const field = query.filterField ?? 'email'
  const value = query.filterValue
  const operator = query.filterOperator
  if (field === 'role') {
    const has = sql`EXISTS (SELECT 1 FROM users_roles r WHERE r.parent_id = u.id AND r.value::text = ${value})`
    if (operator === 'eq' || operator === 'contains') return has
    if (operator === 'ne') return sql`NOT ${has}`
    return 'role can be filtered with eq, ne or contains only'
  }
  const { column, kind } = COLUMNS[field]
  if (operator === 'contains') {
    if (kind !== 'text') return `${field} cannot be filtered with contains`
    return sql`${sql.raw(column)} ILIKE ${`%${escapeLike(value)}%`}`
  }
  let bound: unknown = value
  if (kind === 'bool') {
    if (!['true', 'false'].includes(value)) return `filterValue for ${field} must be true or false`
    if (operator !== 'eq' && operator !== 'ne') return `${field} can be filtered with eq or ne only`
    bound = value === 'true'
  } else if (kind === 'date') {
    if (Number.isNaN(Date.parse(value))) return `filterValue for ${field} must be a date`
    bound = new Date(value).toISOString()
  }
  return sql`${sql.raw(column)} ${sql.raw(COMPARE[operator])} ${bound}`
}

export async function listUsers(
  req: PayloadRequest,
  query: ListUsersQuery,
): Promise<{ users: AccountUser[]; total: number } | string> {
  const conditions = [searchCondition(query)]
  const filter = filterCondition(query)
  if (typeof filter === 'string') return filter
  conditions.push(filter)
  const present = conditions.filter((c): c is ReturnType<typeof sql> => c !== null)
  const where = present.length ? sql`WHERE ${sql.join(present, sql` AND `)}` : sql``
  const sort = COLUMNS[query.sortBy ?? 'createdAt']
  const direction = query.sortBy ? query.sortDirection : 'desc'
  // The total is its own count, not count(*) OVER () on the page: the window made PostgreSQL
  // materialise every match (spilling to disk) before the LIMIT, 5.3 s for a search that
  // matches a million users; now the page stops at its last row and only the count reads them.
  const rows = await execute(
    req,
    sql`SELECT (SELECT count(*)::int FROM users u ${where}) AS total, u.id, u.email, u.name, u.username, u.image, u.email_verified, NULL AS password_hash,
               u.banned, u.ban_reason, u.ban_expires, u.created_at, u.updated_at,
               ARRAY(SELECT r.value::text FROM users_roles r WHERE r.parent_id = u.id ORDER BY r."order") AS roles
          FROM users u ${where}
         ORDER BY ${sql.raw(sort.column)} ${sql.raw(direction)}${sql.raw(sort.nullable ? ' NULLS LAST' : '')}, u.id
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  )
  // The total rides on the page's rows: a page past the end has none, so count apart.
  let total = rows.length ? Number(rows[0]!.total) : 0
  if (!rows.length && query.offset > 0)
    total = Number((await execute(req, sql`SELECT count(*)::int AS n FROM users u ${where}`))[0]!.n)
  const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))
  const users = rows.map((row) =>
    accountUserOf({
      ...row,
      created_at: date(row.created_at),
      updated_at: date(row.updated_at),
      ban_expires: row.ban_expires ? date(row.ban_expires) : null,
    } as Parameters<typeof accountUserOf>[0]),
  )
  return { users, total }
}
