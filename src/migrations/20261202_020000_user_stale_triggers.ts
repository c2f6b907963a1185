import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import {
  createStaleTriggers,
  dropStaleTriggers,
  STALE_ROLES,
  STALE_SESSIONS,
  STALE_USERS,
} from '../lib/auth/stale-triggers'
import { createFunction } from '../lib/postgres/required-objects'

// Hand-written (Payload cannot generate it): the triggers that tell every instance a user's cached sessions are
// stale (src/lib/auth/stale-triggers.ts); the start-up check compares the database with the same objects.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  const functions = [STALE_SESSIONS, STALE_USERS, STALE_ROLES].map(createFunction).join('\n  ')
  await db.execute(sql.raw(`${functions}\n  ${createStaleTriggers()}`))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(dropStaleTriggers()))
}
