import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { createFunction } from '../lib/postgres/required-objects'
import {
  createSearchSchema,
  createSearchTriggers,
  dropSearch,
  fillSearchIndex,
  SEARCH_FUNCTIONS,
} from '../operations/search/search-objects'

// Hand-written (Payload cannot generate it): the search index, its configurations and the triggers that keep it
// (src/operations/search/search-objects.ts); the start-up check compares the database with the same objects.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  const functions = SEARCH_FUNCTIONS.map(createFunction).join('\n  ')
  await db.execute(
    sql.raw(`${createSearchSchema()}\n  ${functions}\n  ${createSearchTriggers()}\n  ${fillSearchIndex()}`),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(dropSearch()))
}
