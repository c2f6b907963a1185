import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// The forum's public reads (docs/decisions.md "Anonymous forum reads answered by the shell").
// Generated: the thread list's index gains `created_at`, the tie-breaker Payload appends to
// every sort, so `-pinned,-lastPostAt` is one backward range scan with no sort step.
// Hand-written below: forum_threads joins the lists whose totals PostgreSQL keeps in
// `list_counts` (migration 20261124_001500_list_counts, the same triggers), so the public
// thread list's total is a few rows, not a count of the table.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "pinned_lastPostAt_idx";
  CREATE INDEX "pinned_lastPostAt_createdAt_idx" ON "forum_threads" USING btree ("pinned","last_post_at","created_at");

  CREATE TRIGGER "forum_threads_count_insert" AFTER INSERT ON "forum_threads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "forum_threads_count_update" AFTER UPDATE ON "forum_threads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "forum_threads_count_delete" AFTER DELETE ON "forum_threads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "forum_threads_count_truncate" AFTER TRUNCATE ON "forum_threads" FOR EACH STATEMENT EXECUTE FUNCTION list_counts_reset();
  INSERT INTO list_counts (list, status, shard, n) SELECT 'forum_threads', status::text, 0, count(*) FROM forum_threads GROUP BY status;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "forum_threads_count_insert" ON "forum_threads";
  DROP TRIGGER IF EXISTS "forum_threads_count_update" ON "forum_threads";
  DROP TRIGGER IF EXISTS "forum_threads_count_delete" ON "forum_threads";
  DROP TRIGGER IF EXISTS "forum_threads_count_truncate" ON "forum_threads";
  DELETE FROM list_counts WHERE list = 'forum_threads';
   DROP INDEX "pinned_lastPostAt_createdAt_idx";
  CREATE INDEX "pinned_lastPostAt_idx" ON "forum_threads" USING btree ("pinned","last_post_at");`)
}
