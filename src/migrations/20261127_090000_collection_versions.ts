import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (Payload cannot generate it): a version per collection for the shared read
// cache (src/lib/read-cache/). Every statement that changes a row of a collection's
// tables (its main table, `_locales`, `_rels`, arrays) adds 1 to the collection's version in
// the same transaction, so a reader's snapshot that sees the change sees the new version, and
// no instance can serve an answer cached under the old one once the change has committed.
// Triggers, not hooks: writes by raw SQL in use cases count as Payload's do.
// - One row per (collection, backend pid): a live backend's pid is unique, so two writers
//   never wait on one version row and no lock order between collections can deadlock (a
//   single row per collection would hold its lock until commit and serialize every writer).
//   The version is the sum over the rows, read in one statement (one snapshot).
//   collection_versions_compact() folds the rows of backends that are gone into backend 0
//   (same sum), so the rows stay about as many as live connections.
// - Statement-level with transition tables: a bulk change costs one upsert; a statement that
//   changed no row (an UPDATE … WHERE that matched nothing) changes no version.
// - collection_versions_attach(slug) puts the triggers on every table of a collection
//   (`<table>`, `<table>_*`, `_<table>_v*`): a later migration that adds a table (a new array
//   field) calls it again. The cache checks at start that every table of every collection it
//   serves has them and leaves a collection without them to Payload (read-cache/coverage.ts).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "collection_versions" (
    "collection" varchar NOT NULL,
    "backend" integer NOT NULL,
    "n" bigint NOT NULL,
    PRIMARY KEY ("collection", "backend")
  );

  CREATE FUNCTION "collection_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    -- Each branch names only the transition table its event has (plpgsql plans lazily).
    IF TG_OP <> 'TRUNCATE' THEN
      IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN RETURN NULL; END IF;
    END IF;
    INSERT INTO collection_versions (collection, backend, n) VALUES (TG_ARGV[0], pg_backend_pid(), 1)
      ON CONFLICT (collection, backend) DO UPDATE SET n = collection_versions.n + 1;
    RETURN NULL;
  END $$;

  CREATE FUNCTION "collection_versions_attach"(slug text) RETURNS integer LANGUAGE plpgsql AS $$
  DECLARE
    base text := replace(slug, '-', '_');
    tbl text;
    attached integer := 0;
  BEGIN
    FOR tbl IN
      SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
        AND (tablename = base OR tablename LIKE base || '\\_%' OR tablename = '_' || base || '_v' OR tablename LIKE '\\_' || base || '\\_v\\_%')
    LOOP
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_cv_insert', tbl);
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_cv_update', tbl);
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_cv_delete', tbl);
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_cv_truncate', tbl);
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION collection_versions_bump(%L)', tbl || '_cv_insert', tbl, slug);
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION collection_versions_bump(%L)', tbl || '_cv_update', tbl, slug);
      EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION collection_versions_bump(%L)', tbl || '_cv_delete', tbl, slug);
      EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION collection_versions_bump(%L)', tbl || '_cv_truncate', tbl, slug);
      attached := attached + 1;
    END LOOP;
    RETURN attached;
  END $$;

  -- Backends that are gone: their counts move to backend 0, the sum per collection unchanged.
  -- One compaction at a time (the advisory lock); a live writer's row is never touched.
  CREATE FUNCTION "collection_versions_compact"() RETURNS integer LANGUAGE plpgsql AS $$
  DECLARE
    folded integer;
  BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('collection_versions_compact')) THEN RETURN 0; END IF;
    WITH gone AS (
      DELETE FROM collection_versions v WHERE v.backend <> 0
        AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = v.backend)
      RETURNING collection, n
    ), sums AS (SELECT collection, sum(n) AS n, count(*) AS rows FROM gone GROUP BY collection),
    kept AS (
      INSERT INTO collection_versions (collection, backend, n) SELECT collection, 0, n FROM sums
        ON CONFLICT (collection, backend) DO UPDATE SET n = collection_versions.n + EXCLUDED.n
    )
    SELECT coalesce(sum(rows), 0)::integer INTO folded FROM sums;
    RETURN folded;
  END $$;

  SELECT collection_versions_attach(slug) FROM unnest(ARRAY[
    'service-listings', 'service-categories', 'service-availability', 'availability-exceptions', 'service-media',
    'organizations', 'memberships', 'blog-posts', 'blog-comments', 'reviews', 'comments', 'forum-threads', 'forum-posts',
    'classifieds', 'places', 'articles', 'events', 'groups', 'galleries', 'products', 'community-media'
  ]) AS slug;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DO $$
  DECLARE t record;
  BEGIN
    FOR t IN SELECT tgname, tgrelid::regclass AS tbl FROM pg_trigger WHERE tgfoid = 'collection_versions_bump'::regproc LOOP
      EXECUTE format('DROP TRIGGER %I ON %s', t.tgname, t.tbl);
    END LOOP;
  END $$;
  DROP FUNCTION IF EXISTS "collection_versions_compact"();
  DROP FUNCTION IF EXISTS "collection_versions_attach"(text);
  DROP FUNCTION IF EXISTS "collection_versions_bump"();
  DROP TABLE IF EXISTS "collection_versions";`)
}
