import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (Payload cannot generate it): every committed change to a session, a user or a
// user's roles tells every instance's stale listener (src/lib/auth/stale-listener.ts) that the
// user's cached sessions (cookie snapshots, bearer-cache.ts) are stale, whoever made it: a use
// case, a hook, the admin panel, a stock route or raw SQL. Triggers, not calls in the code: a
// forgotten call would let an instance trust a revoked or re-roled session. pg_notify runs in
// the change's transaction, so it is delivered when that commits and never when it rolls back;
// one notification per user and transaction (PostgreSQL folds equal ones), and none for a user
// without a session (nothing of theirs can be cached: a user being created, say). Statement-level
// with transition tables: a bulk revocation costs one statement per trigger. The channel is
// STALE_CHANNEL of src/lib/auth/session-events.ts.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE FUNCTION "community_user_stale_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('community_user_stale', u::text)
      FROM (SELECT DISTINCT user_id AS u FROM changed_rows WHERE user_id IS NOT NULL) d;
    RETURN NULL;
  END $$;
  CREATE FUNCTION "community_user_stale_users"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('community_user_stale', u::text) FROM (SELECT DISTINCT id AS u FROM changed_rows) d
      WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = d.u);
    RETURN NULL;
  END $$;
  CREATE FUNCTION "community_user_stale_roles"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('community_user_stale', u::text) FROM (SELECT DISTINCT parent_id AS u FROM changed_rows) d
      WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = d.u);
    RETURN NULL;
  END $$;

  -- A session ended or changed (its active organization, its expiry; its user removed: SET NULL).
  CREATE TRIGGER "sessions_user_stale_update" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION community_user_stale_sessions();
  CREATE TRIGGER "sessions_user_stale_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION community_user_stale_sessions();
  -- A ban, a new email or name, a removal.
  CREATE TRIGGER "users_user_stale_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION community_user_stale_users();
  CREATE TRIGGER "users_user_stale_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION community_user_stale_users();
  -- A role granted or taken away.
  CREATE TRIGGER "users_roles_user_stale_insert" AFTER INSERT ON "users_roles" REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION community_user_stale_roles();
  CREATE TRIGGER "users_roles_user_stale_update" AFTER UPDATE ON "users_roles" REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION community_user_stale_roles();
  CREATE TRIGGER "users_roles_user_stale_delete" AFTER DELETE ON "users_roles" REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION community_user_stale_roles();
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "sessions_user_stale_update" ON "sessions";
  DROP TRIGGER IF EXISTS "sessions_user_stale_delete" ON "sessions";
  DROP TRIGGER IF EXISTS "users_user_stale_update" ON "users";
  DROP TRIGGER IF EXISTS "users_user_stale_delete" ON "users";
  DROP TRIGGER IF EXISTS "users_roles_user_stale_insert" ON "users_roles";
  DROP TRIGGER IF EXISTS "users_roles_user_stale_update" ON "users_roles";
  DROP TRIGGER IF EXISTS "users_roles_user_stale_delete" ON "users_roles";
  DROP FUNCTION IF EXISTS "community_user_stale_sessions"();
  DROP FUNCTION IF EXISTS "community_user_stale_users"();
  DROP FUNCTION IF EXISTS "community_user_stale_roles"();
  `)
}
