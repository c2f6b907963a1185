// The admin lists as one prepared statement per combination of filters (a catch-all would get a plan no
// index serves), the total from `list_counts` when the list is unfiltered or filtered by status only.
import { type Statement, statement } from './prepared'

export type CountedTable = 'bookings' | 'service_listings'

/** A filter: its name, its condition on the table's alias (`$n` given), the value it binds. */
export type ListFilter<K extends string> = [name: K, condition: (n: number) => string, value?: (raw: string) => unknown]

export interface ListQuery<K extends string> {
  table: CountedTable
  /** The alias the conditions and the page use for the table. */
  alias: string
  filters: Array<ListFilter<K>>
  /** The page's SELECT, given the WHERE clause; `$1` is the limit, `$2` the offset. */
  page: (condition: string) => string
}

/** Builds, once per combination, the statement of `query` and the values to run it with. */
export function listQuery<K extends string>(query: ListQuery<K>) {
  const statements = new Map<string, { statement: Statement; bindsStatus: boolean }>()

  function prepared(present: K[]) {
    const key = present.join(',')
    let found = statements.get(key)
    if (!found) {
      const where = present.map((name, i) => query.filters.find(([filter]) => filter === name)![1](i + 3))
      const condition = where.length ? `WHERE ${where.join(' AND ')}` : ''
      const counted = `SELECT coalesce(sum(n), 0)::int AS n FROM list_counts WHERE list = '${query.table}'`
      // The status again as a parameter of its own: the page compares it with an enum
      // column, list_counts with text, and one parameter cannot be both types.
      const bindsStatus = present.length === 1 && present[0] === 'status'
      // Parameters: $1 limit, $2 offset, $3… the filters, then the status again when counted.
      const total =
        present.length === 0
          ? counted
          : bindsStatus
            ? `${counted} AND status = $${present.length + 3}`
            : `SELECT count(*)::int AS n FROM ${query.table} ${query.alias} ${condition}`
      const text = `SELECT total.n AS "total", page.* FROM (${total}) total LEFT JOIN LATERAL (${query.page(condition)}) page ON true`
      found = { statement: statement(`${query.table}-list:${key}`, text), bindsStatus }
      statements.set(key, found)
    }
    return found
  }

  /** The statement for `filters` (absent or empty ones left out) and its values. */
  return (
    filters: Partial<Record<K, unknown>>,
    limit: number,
    offset: number,
  ): { statement: Statement; values: unknown[] } => {
    const present = query.filters
      .map(([name]) => name)
      .filter((name) => filters[name] !== undefined && filters[name] !== '')
    const values = present.map((name) => {
      const value = query.filters.find(([filter]) => filter === name)![2]
      return value ? value(String(filters[name])) : filters[name]
    })
    const { statement, bindsStatus } = prepared(present)
    return { statement, values: [limit, offset, ...values, ...(bindsStatus ? [filters[present[0]!]] : [])] }
  }
}
