import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (Payload cannot generate it): exact list totals without counting every row
// . `total` of the bookings and services lists was a count(*) over the table: about
// 130 ms at a million bookings, on every page. PostgreSQL now keeps the number of rows per
// status in `list_counts`, changed by statement-level triggers in the same transaction as the
// rows (so a reader's snapshot sees counts and rows agree), read when a list is unfiltered or
// filtered by status only (src/lib/list-query.ts).
// Each connection adds to its own shard (backend pid mod 16): concurrent bookings do not wait
// on one counter row. Statement-level with transition tables, so a bulk insert of a million
// rows costs one upsert per status, not a million. TRUNCATE resets the table's counts.
// tests/helpers/invariants.ts checks the counts against count(*) after every test that uses it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "list_counts" (
    "list" varchar NOT NULL,
    "status" varchar NOT NULL,
    "shard" smallint NOT NULL,
    "n" bigint NOT NULL,
    PRIMARY KEY ("list", "status", "shard")
  );

  CREATE FUNCTION "list_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    -- Each branch names only the transition tables its event has (plpgsql plans a statement
    -- when it first runs it).
    IF TG_OP = 'INSERT' THEN
      INSERT INTO list_counts (list, status, shard, n)
        SELECT TG_TABLE_NAME, status::text, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY status
        ON CONFLICT (list, status, shard) DO UPDATE SET n = list_counts.n + EXCLUDED.n;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO list_counts (list, status, shard, n)
        SELECT TG_TABLE_NAME, status::text, pg_backend_pid() % 16, -count(*) FROM old_rows GROUP BY status
        ON CONFLICT (list, status, shard) DO UPDATE SET n = list_counts.n + EXCLUDED.n;
    ELSE
      -- An update counts only where a row changed status.
      INSERT INTO list_counts (list, status, shard, n)
        SELECT TG_TABLE_NAME, status, pg_backend_pid() % 16, sum(d) FROM (
          SELECT status::text, -1 AS d FROM old_rows UNION ALL SELECT status::text, 1 FROM new_rows
        ) moved GROUP BY status HAVING sum(d) <> 0
        ON CONFLICT (list, status, shard) DO UPDATE SET n = list_counts.n + EXCLUDED.n;
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION "list_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM list_counts WHERE list = TG_TABLE_NAME;
    RETURN NULL;
  END $$;

  CREATE TRIGGER "bookings_count_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "bookings_count_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "bookings_count_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "bookings_count_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION list_counts_reset();
  CREATE TRIGGER "service_listings_count_insert" AFTER INSERT ON "service_listings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "service_listings_count_update" AFTER UPDATE ON "service_listings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "service_listings_count_delete" AFTER DELETE ON "service_listings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "service_listings_count_truncate" AFTER TRUNCATE ON "service_listings" FOR EACH STATEMENT EXECUTE FUNCTION list_counts_reset();

  INSERT INTO list_counts (list, status, shard, n) SELECT 'bookings', status::text, 0, count(*) FROM bookings GROUP BY status;
  INSERT INTO list_counts (list, status, shard, n) SELECT 'service_listings', status::text, 0, count(*) FROM service_listings GROUP BY status;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "bookings_count_insert" ON "bookings";
  DROP TRIGGER IF EXISTS "bookings_count_update" ON "bookings";
  DROP TRIGGER IF EXISTS "bookings_count_delete" ON "bookings";
  DROP TRIGGER IF EXISTS "bookings_count_truncate" ON "bookings";
  DROP TRIGGER IF EXISTS "service_listings_count_insert" ON "service_listings";
  DROP TRIGGER IF EXISTS "service_listings_count_update" ON "service_listings";
  DROP TRIGGER IF EXISTS "service_listings_count_delete" ON "service_listings";
  DROP TRIGGER IF EXISTS "service_listings_count_truncate" ON "service_listings";
  DROP FUNCTION IF EXISTS "list_counts_track"();
  DROP FUNCTION IF EXISTS "list_counts_reset"();
  DROP TABLE IF EXISTS "list_counts";`)
}
