// Totals without Payload's count(*) on a read-cache miss (docs/decisions.md "Cache misses take totalDocs
// from list_counts"): for the access rules' shapes of `where` the total comes from the kept counts, while
// Payload still makes the page and the body, so the answer stays Payload's byte for byte.
import { AsyncLocalStorage } from 'node:async_hooks'

import type { FindArgs, PaginatedDocs, Payload, PayloadRequest, Where } from 'payload'

import { runPublicUnnamed } from '../prepared'

/** A list whose rows per status `list_counts` keeps (the migrations attach the triggers). */
export interface CountedList {
  table: string
  statusField: string
  statuses: readonly string[]
  authorField: string
  authorColumn: string
  /** Rows of public statuses stop counting when this passes (an access rule compares it with now). */
  expiry?: { field: string; column: string }
}

/** What a where admits, when it is one of the shapes above. */
interface Plan {
  /** Undefined: every row. */
  statuses?: string[]
  /** The time the expiry column must be after. */
  after?: string
  /** Also this author's rows, whatever their status. */
  author?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const only = (value: unknown, key: string): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const keys = Object.keys(value)
  return keys.length === 1 && keys[0] === key ? (value as Record<string, unknown>)[key] : undefined
}

/** `{ and: [x] }` (what Payload wraps the access rule in), however deep, as x. */
function unwrap(where: unknown): unknown {
  let current = where
  for (let and = only(current, 'and'); Array.isArray(and) && and.length === 1; and = only(current, 'and'))
    current = and[0]
  return current
}

/** `status IN S`, or `status IN S AND expiry > T`, with S among the list's statuses. */
function visibleOf(where: unknown, list: CountedList): Pick<Plan, 'statuses' | 'after'> | undefined {
  const statusesOf = (clause: unknown) => {
    const statuses = only(only(clause, list.statusField), 'in')
    return Array.isArray(statuses) &&
      statuses.length > 0 &&
      statuses.every((status) => typeof status === 'string' && list.statuses.includes(status))
      ? [...new Set(statuses as string[])].sort()
      : undefined
  }
  const direct = statusesOf(where)
  if (direct) return { statuses: direct }
  const both = only(where, 'and')
  if (!list.expiry || !Array.isArray(both) || both.length !== 2) return undefined
  const statuses = statusesOf(both[0])
  const after = only(only(both[1], list.expiry.field), 'greater_than')
  if (!statuses || typeof after !== 'string' || Number.isNaN(Date.parse(after))) return undefined
  return { statuses, after }
}

export function planOf(where: Where | undefined, list: CountedList): Plan | undefined {
  const inner = unwrap(where ?? {})
  const and = only(inner, 'and')
  if (
    (typeof inner === 'object' && inner !== null && Object.keys(inner).length === 0) ||
    (Array.isArray(and) && and.length === 0)
  )
    return {}
  const visible = visibleOf(inner, list)
  if (visible) return visible
  const either = only(inner, 'or')
  if (!Array.isArray(either) || either.length !== 2) return undefined
  const author = only(only(either[1], list.authorField), 'equals')
  const rule = visibleOf(unwrap(either[0]), list)
  return rule && typeof author === 'string' && UUID.test(author) ? { ...rule, author } : undefined
}

// Statuses are the registry's (checked above), so they are written into the text: the partial
// index's predicate then matches the statement's. The statement goes unnamed (planned for its
// values each time, a fraction of a millisecond): a plan made once for any time or author would
// not know that the range of passed ends is empty or that this author wrote few rows.
const literals = (statuses: readonly string[]) => statuses.map((status) => `'${status.replace(/'/g, "''")}'`).join(', ')
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The statement counting `plan` on `list`; its parameters in order: the time, then the author. */
export function countText(list: CountedList, plan: Plan): string {
  const table = ident(list.table)
  const kept = `(SELECT coalesce(sum(n), 0) FROM list_counts WHERE list = '${list.table}'${plan.statuses ? ` AND status IN (${literals(plan.statuses)})` : ''})`
  if (!plan.statuses) return `SELECT ${kept}::bigint AS n`
  const visible = `${ident('status')} IN (${literals(plan.statuses)})`
  const author = ident(list.authorColumn)
  const parts = [kept]
  // Rows of S whose end has passed (Payload's `greater_than` leaves a NULL end out too): NULL
  // as -infinity, one range of an expression index no other index can serve (migration
  // 20261127_180000_classifieds_passed_index; the expression must stay the index's). Worked
  // out once: the reader's own passed ones are among them. Written as `<= T OR IS NULL` (a
  // filter over the whole partial index) or as two ranges (planned on Payload's full
  // expires_at index, every expired row's page read) it took 72–99 ms at a million classifieds.
  const time = plan.after !== undefined ? ident(list.expiry!.column) : undefined
  const passed = time
    ? `WITH passed AS MATERIALIZED (SELECT ${author} AS author FROM ${table} WHERE ${visible} AND coalesce(${time}, '-infinity'::timestamptz) <= $1::timestamptz) `
    : ''
  if (passed) parts.push('- (SELECT count(*) FROM passed)')
  if (plan.author !== undefined) {
    // The author's rows outside the rule: the other statuses (a range of the (author, status)
    // index; status is NOT NULL), and with an expiry their passed ones among the few passed.
    const reader = `$${passed ? 2 : 1}::uuid`
    const others = list.statuses.filter((status) => !plan.statuses!.includes(status))
    if (others.length)
      parts.push(
        `+ (SELECT count(*) FROM ${table} WHERE ${author} = ${reader} AND ${ident('status')} IN (${literals(others)}))`,
      )
    if (passed) parts.push(`+ (SELECT count(*) FROM passed WHERE author = ${reader})`)
  }
  return `${passed}SELECT (${parts.join(' ')})::bigint AS n`
}

export async function countPlan(
  payload: Payload,
  list: CountedList,
  plan: Plan,
  req?: Pick<Partial<PayloadRequest>, 'transactionID'>,
): Promise<number> {
  const values = [
    ...(plan.after !== undefined ? [plan.after] : []),
    ...(plan.author !== undefined ? [plan.author] : []),
  ]
  const { rows } = await runPublicUnnamed<{ n: string }>(payload, countText(list, plan), values, req)
  return Number(rows[0]?.n ?? 0)
}

const misses = new AsyncLocalStorage<Record<string, CountedList>>()
const planned = new AsyncLocalStorage<{ table: string; count: () => Promise<number> }>()
const wrapped = new WeakSet<object>()

/**
 * Runs `fn` (Payload's answer to a read-cache miss) with the totals of `lists` taken from
 * `list_counts` where the where allows. The adapter's `find` and `countDistinct` are wrapped
 * once per adapter; outside `fn` both are Payload's own.
 */
export function countFree(
  payload: Payload,
  lists: Record<string, CountedList>,
): <T>(fn: () => Promise<T>) => Promise<T> {
  const adapter = payload.db
  if (!wrapped.has(adapter)) {
    wrapped.add(adapter)
    const find = adapter.find
    adapter.find = function <T>(this: typeof adapter, args: FindArgs) {
      const list = misses.getStore()?.[args.collection]
      const plan = list && args.pagination !== false ? planOf(args.where, list) : undefined
      if (!list || !plan) return find.call<typeof adapter, [FindArgs], Promise<PaginatedDocs<T>>>(this, args)
      return planned.run({ table: list.table, count: () => countPlan(payload, list, plan, args.req) }, () =>
        find.call<typeof adapter, [FindArgs], Promise<PaginatedDocs<T>>>(this, args),
      )
    }
    const countDistinct = adapter.countDistinct
    // findMany's one count of the page's where; `column` (a distinct count of another column) is never planned.
    adapter.countDistinct = function (args) {
      const plan = planned.getStore()
      return plan && args.tableName === plan.table && args.column === undefined
        ? plan.count()
        : countDistinct.call(this, args)
    }
  }
  return (fn) => misses.run(lists, fn)
}
