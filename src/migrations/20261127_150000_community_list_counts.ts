import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (issue 35): every §9 table joins the lists whose rows per status PostgreSQL
// keeps in `list_counts` (migration 20261124_001500_list_counts, the same triggers), so that a
// read-cache miss on a §9 list takes its total from a few rows instead of Payload's count(*)
// of every visible row (src/lib/read-cache/count-free.ts, decision NEW-lists-1).
// The partial index: the public classifieds whose end has passed (the expiry job moves them
// on within minutes), subtracted from the kept count of public statuses; without it that
// range would walk every expired row of the table.
const TABLES = ['blog_comments', 'reviews', 'comments', 'forum_posts', 'classifieds', 'places', 'articles', 'events', 'groups', 'galleries', 'products']

const attach = (table: string) => `
  CREATE TRIGGER "${table}_count_insert" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "${table}_count_update" AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "${table}_count_delete" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "${table}_count_truncate" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION list_counts_reset();
  INSERT INTO list_counts (list, status, shard, n) SELECT '${table}', status::text, 0, count(*) FROM "${table}" GROUP BY status;`

const detach = (table: string) => `
  DROP TRIGGER IF EXISTS "${table}_count_insert" ON "${table}";
  DROP TRIGGER IF EXISTS "${table}_count_update" ON "${table}";
  DROP TRIGGER IF EXISTS "${table}_count_delete" ON "${table}";
  DROP TRIGGER IF EXISTS "${table}_count_truncate" ON "${table}";
  DELETE FROM list_counts WHERE list = '${table}';`

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`${TABLES.map(attach).join('\n')}
  CREATE INDEX "classifieds_public_expires_at_idx" ON "classifieds" USING btree ("expires_at") WHERE status IN ('active', 'sold');`),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(`DROP INDEX IF EXISTS "classifieds_public_expires_at_idx";
${TABLES.map(detach).join('\n')}`),
  )
}
