import type { RequiredFunction, RequiredTrigger } from '../postgres/required-objects'
import { STALE_CHANNEL } from './session-events'

// Every committed change to a session, a user or a user's roles tells every instance's stale listener
// (stale-listener.ts) that the user's cached sessions are stale, whoever made it: triggers, not calls in the
// code, so that no forgotten call lets an instance trust a revoked or re-roled session.

const notifyFor = (users: string, sessionsOnly: boolean) => `
  BEGIN
    PERFORM pg_notify('${STALE_CHANNEL}', u::text) FROM (${users}) d${
      sessionsOnly ? '\n      WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = d.u)' : ''
    };
    RETURN NULL;
  END `

const staleFunction = (name: string, body: string): RequiredFunction => ({
  name,
  parameters: [],
  returns: 'trigger',
  volatility: 'VOLATILE',
  body,
})

export const STALE_SESSIONS = staleFunction(
  'community_user_stale_sessions',
  notifyFor('SELECT DISTINCT user_id AS u FROM changed_rows WHERE user_id IS NOT NULL', false),
)
// A user with no session has nothing cached anywhere (a user being created, say): no notification.
export const STALE_USERS = staleFunction(
  'community_user_stale_users',
  notifyFor('SELECT DISTINCT id AS u FROM changed_rows', true),
)
export const STALE_ROLES = staleFunction(
  'community_user_stale_roles',
  notifyFor('SELECT DISTINCT parent_id AS u FROM changed_rows', true),
)

/** Statement-level, with transition tables: a bulk revocation costs one statement per trigger. */
const STALE_TRIGGER_SPECS = [
  { table: 'sessions', event: 'UPDATE', rows: 'OLD', fn: STALE_SESSIONS },
  { table: 'sessions', event: 'DELETE', rows: 'OLD', fn: STALE_SESSIONS },
  { table: 'users', event: 'UPDATE', rows: 'OLD', fn: STALE_USERS },
  { table: 'users', event: 'DELETE', rows: 'OLD', fn: STALE_USERS },
  { table: 'users_roles', event: 'INSERT', rows: 'NEW', fn: STALE_ROLES },
  { table: 'users_roles', event: 'UPDATE', rows: 'OLD', fn: STALE_ROLES },
  { table: 'users_roles', event: 'DELETE', rows: 'OLD', fn: STALE_ROLES },
] as const

const triggerName = ({ table, event }: (typeof STALE_TRIGGER_SPECS)[number]) =>
  `${table}_user_stale_${event.toLowerCase()}`

export const STALE_TRIGGERS: RequiredTrigger[] = STALE_TRIGGER_SPECS.map((spec) => ({
  name: triggerName(spec),
  table: spec.table,
  function: spec.fn.name,
}))

/** The DDL of the triggers, for a migration (the functions come from `createFunction`). */
export const createStaleTriggers = () =>
  STALE_TRIGGER_SPECS.map(
    (spec) => `CREATE TRIGGER "${triggerName(spec)}" AFTER ${spec.event} ON "${spec.table}"
    REFERENCING ${spec.rows} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ${spec.fn.name}();`,
  ).join('\n  ')

export const dropStaleTriggers = () =>
  [
    ...STALE_TRIGGER_SPECS.map((spec) => `DROP TRIGGER IF EXISTS "${triggerName(spec)}" ON "${spec.table}";`),
    ...[STALE_SESSIONS, STALE_USERS, STALE_ROLES].map((fn) => `DROP FUNCTION IF EXISTS "${fn.name}"();`),
  ].join('\n  ')
