// Running a catalogue use case: one transaction, rule violations turned into API errors, and
// request-context flags (audit switches) that hold only for the calls that need them.
import type { PayloadRequest, RequestContext } from 'payload'

import { execute, sql } from '../../lib/sql'
import { inTransaction } from '../../lib/transaction'
import { toCatalogueError } from './errors'

export async function catalogueTransaction<T>(req: PayloadRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await inTransaction(req, fn)
  } catch (error) {
    throw toCatalogueError(error)
  }
}

/**
 * Local API calls merge their `context` into `req.context` for good (createLocalReq), so a
 * flag such as `skipAudit` would leak into every later call with the same `req`. This sets
 * the flags for `fn` only.
 */
export async function withContext<T>(req: PayloadRequest, flags: RequestContext, fn: () => Promise<T>): Promise<T> {
  const before = req.context ?? {}
  req.context = { ...before, ...flags }
  try {
    return await fn()
  } finally {
    const restored: RequestContext = { ...req.context }
    for (const key of Object.keys(flags)) {
      if (key in before) restored[key] = before[key]
      else delete restored[key]
    }
    req.context = restored
  }
}

/** Row lock until the transaction ends: writers of one service's slots queue up here. */
export async function lockServiceRow(req: PayloadRequest, serviceId: string): Promise<void> {
  await execute(req, sql`SELECT id FROM service_listings WHERE id = ${serviceId} FOR UPDATE`)
}

/** A transaction-scoped lock on a name: for invariants spanning many rows (the category tree). */
export async function lockNamed(req: PayloadRequest, name: string): Promise<void> {
  await execute(req, sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`)
}
