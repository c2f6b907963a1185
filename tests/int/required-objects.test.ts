// The server refuses to start on a database that lacks a function or trigger the code relies on,
// or holds another version of one, and names each; a database the migrations made passes.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { findMissingObjects } from '../../src/lib/postgres/required-objects'
import { REQUIRED_OBJECTS } from '../../src/operations/database-objects'
import { SERVER_UNDER_LOAD_ENV } from '../helpers/load'
import { startServerProcess } from '../helpers/processes'
import { createTestDatabase } from '../helpers/test-database'

let database: { url: string; drop: () => Promise<void> }
let client: pg.Client

const missing = () => findMissingObjects((text, values) => client.query(text, values), REQUIRED_OBJECTS)

beforeAll(async () => {
  database = await createTestDatabase()
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
})

afterAll(async () => {
  await client.end()
  await database.drop()
})

describe('the start-up check', () => {
  it('finds everything in place on a migrated database', async () => {
    expect(REQUIRED_OBJECTS.functions.map((fn) => fn.name)).toEqual(
      expect.arrayContaining(['community_create_booking', 'community_service_terms_and_slots', 'list_counts_track']),
    )
    expect(REQUIRED_OBJECTS.triggers).toContainEqual({
      name: 'bookings_count_insert',
      table: 'bookings',
      function: 'list_counts_track',
    })
    expect(await missing()).toEqual([])
  })

  it('names a dropped trigger, a disabled one, a replaced function body and a dropped function', async () => {
    await client.query('BEGIN')
    try {
      await client.query('DROP TRIGGER bookings_count_insert ON bookings')
      await client.query('ALTER TABLE forum_threads DISABLE TRIGGER forum_threads_count_update')
      await client.query(
        `CREATE OR REPLACE FUNCTION list_counts_reset() RETURNS trigger LANGUAGE plpgsql
         AS $$ BEGIN RETURN NULL; END $$`,
      )
      await client.query('DROP FUNCTION community_find_session(varchar)')
      expect(await missing()).toEqual([
        'function community_find_session(varchar) is missing',
        'function list_counts_reset() is stale (its body is not the one the code expects)',
        'trigger bookings_count_insert on bookings is missing',
        'trigger forum_threads_count_update on forum_threads is disabled',
      ])
    } finally {
      await client.query('ROLLBACK')
    }
    expect(await missing()).toEqual([])
  })

  it('keeps the server from serving, naming what is missing or stale', async () => {
    // The booking function's body with one statement more: what a hand edit or a forgotten migration leaves.
    const [{ def }] = (
      await client.query<{ def: string }>(
        `SELECT pg_get_functiondef('community_create_booking(jsonb,jsonb,jsonb,jsonb,jsonb)'::regprocedure) AS def`,
      )
    ).rows as [{ def: string }]
    await client.query(def.replace('BEGIN', 'BEGIN\n    PERFORM 1;'))
    await client.query('DROP TRIGGER bookings_count_insert ON bookings')
    const start = startServerProcess({ ...SERVER_UNDER_LOAD_ENV, DATABASE_URL: database.url }, 90_000)
    await expect(start).rejects.toThrow(/server exited before it was ready \(\{"code":1/)
    const message = await start.catch((error: Error) => error.message)
    expect(message).toContain('[server] could not start: The database lacks what this code relies on')
    expect(message).toContain('function community_create_booking(jsonb, jsonb, jsonb, jsonb, jsonb) is stale')
    expect(message).toContain('trigger bookings_count_insert on bookings is missing')
  }, 120_000)
})
