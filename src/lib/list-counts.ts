// Exact list totals without counting every row (issue 10): PostgreSQL keeps the number of
// bookings and of services per status in `list_counts`, in the same transaction as the rows
// (migration 20261124_001500_list_counts). A list that is unfiltered or filtered by status
// alone reads its total there: a few rows, whatever the table's size. Any other filter
// counts the matching rows, as before.

export type CountedTable = 'bookings' | 'service_listings'

export interface Total {
  /** A SELECT of one row, one int column `n`. */
  sql: string
  /** Whether the status value must be bound once more, as parameter `next`. */
  bindsStatus: boolean
}

/**
 * The total of a list of `table` with the filters `present`: from list_counts when that gives
 * it exactly, else `countAll` (a count(*) over the same condition as the page).
 */
export function listTotal(table: CountedTable, present: readonly string[], countAll: string, next: number): Total {
  const counted = `SELECT coalesce(sum(n), 0)::int AS n FROM list_counts WHERE list = '${table}'`
  if (present.length === 0) return { sql: counted, bindsStatus: false }
  // The status again as a parameter of its own: the page compares it with an enum column,
  // list_counts with text, and one parameter cannot be both types.
  if (present.length === 1 && present[0] === 'status') return { sql: `${counted} AND status = $${next}`, bindsStatus: true }
  return { sql: countAll, bindsStatus: false }
}
