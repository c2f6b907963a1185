import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written: every community table joins the lists whose rows per status PostgreSQL keeps
// in `list_counts` (migration 20261124_001500_list_counts, the same triggers), so that a
// read-cache miss on a community list takes its total from a few rows instead of Payload's
// count(*) of every visible row (src/lib/read-cache/count-free.ts, docs/decisions.md "Cache
// misses take totalDocs from list_counts"). The partial index: the public classifieds whose
// end has passed (the expiry job moves them on within minutes), subtracted from the kept count
// of public statuses; without it that range would walk every expired row of the table.
// (author, status) on every table: a signed-in reader's own rows outside the public statuses
// are a range of it, however many public rows the reader wrote (the bench's reader owns 5 % of
// a million-row list; its misses took 300–400 ms counting them by the author index).
const AUTHOR_COLUMNS: Record<string, string> = {
  blog_comments: 'author_id_id',
  reviews: 'author_id',
  comments: 'author_id',
  forum_threads: 'author_id',
  forum_posts: 'author_id',
  classifieds: 'author_id',
  places: 'author_id',
  articles: 'author_id',
  events: 'author_id',
  groups: 'author_id',
  galleries: 'author_id',
  products: 'author_id',
}
// forum_threads has had its triggers since 20261125_055147_forum_read_indexes.
const TABLES = Object.keys(AUTHOR_COLUMNS).filter((table) => table !== 'forum_threads')

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
${Object.entries(AUTHOR_COLUMNS)
  .map(
    ([table, column]) =>
      `  CREATE INDEX "${table}_author_status_idx" ON "${table}" USING btree ("${column}", "status");`,
  )
  .join('\n')}
  CREATE INDEX "classifieds_public_expires_at_idx" ON "classifieds" USING btree ("expires_at") WHERE status IN ('active', 'sold');`),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(`DROP INDEX IF EXISTS "classifieds_public_expires_at_idx";
${Object.keys(AUTHOR_COLUMNS)
  .map((table) => `  DROP INDEX IF EXISTS "${table}_author_status_idx";`)
  .join('\n')}
${TABLES.map(detach).join('\n')}`),
  )
}
