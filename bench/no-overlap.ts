// The bench pushes the schema instead of migrating: the hand-written no-overlap constraint
// (with the buffered span of docs/decisions.md "Days off, extra hours, buffers and daily
// caps") is added here, so the guarantee is part of what is measured.
import type { Pool } from 'pg'

import { up as noOverlap } from '../src/migrations/20261123_175155_bookings_no_overlap'
import { up as bufferedOverlap } from '../src/migrations/20261127_053644_bookings_buffered_overlap'
import type { BenchApp } from './harness'

export async function ensureNoOverlap(app: BenchApp, pool: Pool): Promise<void> {
  const args = { db: app.payload.db.drizzle, payload: app.payload, req: {} } as never
  const { rows } = await pool.query<{ def: string }>(
    `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'bookings_no_overlap'`,
  )
  if (rows.length === 0) await noOverlap(args)
  if (!rows[0]?.def.includes('buffer_before_minutes')) await bufferedOverlap(args)
}
