import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { createFunction } from '../lib/postgres/required-objects'
import {
  recreateSearchUpdateTriggers,
  SEARCH_TRACK_FUNCTION,
  SEARCH_TRACKED_TABLES,
  searchTriggerName,
} from '../operations/search/search-objects'

// Hand-written: the search index's UPDATE triggers see the rows before and after, so an update that changes no
// indexed column (a thread's post counter, `updated_at` alone) rewrites no index row.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(`${createFunction(SEARCH_TRACK_FUNCTION)}\n  ${recreateSearchUpdateTriggers()}`))
}

// The trigger function as the search migration made it: every updated row rewritten.
const REWRITE_EVERY_ROW = {
  ...SEARCH_TRACK_FUNCTION,
  body: `
  BEGIN
    -- Each branch names only the transition table its event has (plpgsql plans a statement
    -- when it first runs it).
    IF TG_OP = 'TRUNCATE' AND TG_ARGV[1] = 'self' THEN
      DELETE FROM search_index WHERE type = TG_ARGV[0];
    ELSIF TG_OP = 'TRUNCATE' THEN
      PERFORM community_search_refresh(TG_ARGV[0], ARRAY(SELECT item_id FROM search_index WHERE type = TG_ARGV[0]));
    ELSIF TG_OP = 'DELETE' AND TG_ARGV[1] = 'self' THEN
      DELETE FROM search_index WHERE type = TG_ARGV[0] AND item_id IN (SELECT id FROM old_rows);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM community_search_refresh(TG_ARGV[0], ARRAY(SELECT DISTINCT _parent_id FROM old_rows));
    ELSIF TG_ARGV[1] = 'self' THEN
      PERFORM community_search_refresh(TG_ARGV[0], ARRAY(SELECT id FROM new_rows));
    ELSE
      PERFORM community_search_refresh(TG_ARGV[0], ARRAY(SELECT DISTINCT _parent_id FROM new_rows));
    END IF;
    RETURN NULL;
  END `,
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  const triggers = SEARCH_TRACKED_TABLES.map(({ table, type, rows }) => {
    const name = searchTriggerName(table, 'UPDATE')
    return `DROP TRIGGER IF EXISTS "${name}" ON "${table}";
  CREATE TRIGGER "${name}" AFTER UPDATE ON "${table}" REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${SEARCH_TRACK_FUNCTION.name}('${type}', '${rows}');`
  })
  await db.execute(sql.raw(`${triggers.join('\n  ')}\n  ${createFunction(REWRITE_EVERY_ROW)}`))
}
