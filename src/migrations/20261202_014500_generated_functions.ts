import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { LIST_COUNTS_RESET, LIST_COUNTS_TRACK } from '../lib/postgres/list-counts'
import { createFunction } from '../lib/postgres/required-objects'
import { CREATE_BOOKING_FUNCTION } from '../operations/bookings/booking-function'
import { SERVICE_TERMS_AND_SLOTS_FUNCTION } from '../operations/bookings/service-terms'
import { FIND_SESSION_FUNCTION } from '../operations/database-objects'
import { up as bookingWriteFunction } from './20261127_150000_booking_write_function'
import { up as pooledReadFunctions } from './20261127_180000_pooled_read_functions'

// The hand-written functions, made again from the statements the application itself prepares
// (the objects src/operations/database-objects.ts lists), same signatures, same results: from
// here on each query has one text. A later change of one of those statements needs a migration
// like this one, which the start-up check asks for by the function's name.
const GENERATED = [
  CREATE_BOOKING_FUNCTION,
  SERVICE_TERMS_AND_SLOTS_FUNCTION,
  FIND_SESSION_FUNCTION,
  LIST_COUNTS_TRACK,
  LIST_COUNTS_RESET,
]

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(GENERATED.map(createFunction).join('\n')))
}

// The earlier bodies back (the list_counts functions' text is unchanged from the earlier one's).
export async function down(args: MigrateDownArgs): Promise<void> {
  await args.db.execute(sql`
  DROP FUNCTION IF EXISTS "community_create_booking"(jsonb, jsonb, jsonb, jsonb, jsonb);
  DROP FUNCTION IF EXISTS "community_service_terms_and_slots"(uuid, numeric, varchar);
  DROP FUNCTION IF EXISTS "community_find_session"(varchar);`)
  await bookingWriteFunction(args)
  await pooledReadFunctions(args)
}
