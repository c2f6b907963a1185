import type { RequiredFunction, RequiredTrigger } from './required-objects'

// `list_counts` keeps the rows per status of each counted table (the list readers take totals
// from it): statement-level triggers with transition tables, in the rows' own transaction, each
// connection adding to its own shard (backend pid mod 16) so concurrent writers never wait on one
// counter row; TRUNCATE resets the table's counts.

/** Every table whose rows per status `list_counts` keeps (a migration attaches a new one: `attachListCounts`). */
export const COUNTED_TABLES = [
  'bookings',
  'service_listings',
  'report_queue',
  'forum_threads',
  'blog_comments',
  'reviews',
  'comments',
  'forum_posts',
  'classifieds',
  'places',
  'articles',
  'events',
  'groups',
  'galleries',
  'products',
] as const

export const LIST_COUNTS_TRACK: RequiredFunction = {
  name: 'list_counts_track',
  parameters: [],
  returns: 'trigger',
  volatility: 'VOLATILE',
  body: `
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
  END `,
}

export const LIST_COUNTS_RESET: RequiredFunction = {
  name: 'list_counts_reset',
  parameters: [],
  returns: 'trigger',
  volatility: 'VOLATILE',
  body: `
  BEGIN
    DELETE FROM list_counts WHERE list = TG_TABLE_NAME;
    RETURN NULL;
  END `,
}

/** The four triggers of each counted table. */
export const LIST_COUNTS_TRIGGERS: RequiredTrigger[] = COUNTED_TABLES.flatMap((table) => [
  { name: `${table}_count_insert`, table, function: LIST_COUNTS_TRACK.name },
  { name: `${table}_count_update`, table, function: LIST_COUNTS_TRACK.name },
  { name: `${table}_count_delete`, table, function: LIST_COUNTS_TRACK.name },
  { name: `${table}_count_truncate`, table, function: LIST_COUNTS_RESET.name },
])

/** The DDL that attaches a table to `list_counts` (its four triggers, its current counts), for a migration. */
export const attachListCounts = (table: string) => `
  CREATE TRIGGER "${table}_count_insert" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${LIST_COUNTS_TRACK.name}();
  CREATE TRIGGER "${table}_count_update" AFTER UPDATE ON "${table}"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${LIST_COUNTS_TRACK.name}();
  CREATE TRIGGER "${table}_count_delete" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${LIST_COUNTS_TRACK.name}();
  CREATE TRIGGER "${table}_count_truncate" AFTER TRUNCATE ON "${table}"
    FOR EACH STATEMENT EXECUTE FUNCTION ${LIST_COUNTS_RESET.name}();
  INSERT INTO list_counts (list, status, shard, n)
    SELECT '${table}', status::text, 0, count(*) FROM "${table}" GROUP BY status;`
