// The audit log's one writer. Entries join the caller's transaction through `req`, so a
// change and its entry commit or roll back together. One prepared INSERT rather than a Local
// API create, which would build its query in JavaScript and read the row back (two round
// trips) for an entry nobody reads here: every audited mutation pays this. The collection has
// no hooks, and nothing else writes it (its create access is `nobody`).
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import type { AuditAction, AuditData, DocumentPrefix } from '../../domain/audit-actions'
import { requestIp } from '../../src/lib/client-ip'
import { runIn, statement } from '../../src/lib/prepared'

/** An entry of a declared action (domain/audit-actions.ts) with the data its schema describes. */
export interface AuditEntry<A extends AuditAction = AuditAction> {
  action: A
  targetType?: string
  targetId?: string | null
  data?: AuditData<A>
  /** Defaults to the request's user; null for anonymous events (a failed sign-in). */
  userId?: string | null
}

// Never recorded, whatever a caller passes: credentials and their derivatives.
const SECRET_KEYS = new Set([
  'password',
  'hash',
  'salt',
  'passwordHash',
  'token',
  'tokenHash',
  'resetPasswordToken',
  '_verificationToken',
  'sessions',
])

export function withoutSecrets(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_KEYS.has(key)))
}

// The columns of collections/AuditLogs.ts; timestamps from the clock, as Payload sets them.
export const INSERT_AUDIT = statement(
  'audit-insert',
  `INSERT INTO audit_logs (action, user_id, target_type, target_id, ip, user_agent, data, updated_at, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
)

/**
 * The audit_logs row `entry` makes, column by column (also for a use case that writes it in one statement of its own:
 * the booking's).
 */
export function auditRow<A extends AuditAction>(req: PayloadRequest, entry: AuditEntry<A>) {
  const headers = req.headers ?? new Headers()
  const userId = entry.userId === undefined ? req.user?.id : entry.userId
  const at = new Date().toISOString()
  return {
    action: entry.action,
    user_id: userId == null ? null : String(userId),
    target_type: entry.targetType ?? null,
    target_id: entry.targetId ?? null,
    ip: requestIp(headers) ?? null,
    user_agent: headers.get('user-agent') ?? null,
    data: withoutSecrets((entry.data ?? {}) as Record<string, unknown>),
    updated_at: at,
    created_at: at,
  }
}

export async function writeAudit<A extends AuditAction>(req: PayloadRequest, entry: AuditEntry<A>): Promise<void> {
  const row = auditRow(req, entry)
  await runIn(req, INSERT_AUDIT, [
    row.action,
    row.user_id,
    row.target_type,
    row.target_id,
    row.ip,
    row.user_agent,
    // Stringified here: pg would turn a top-level array into a PostgreSQL array, not JSON.
    JSON.stringify(row.data),
    row.created_at,
  ])
}

/** Fields whose value changed between two versions of a document (bookkeeping left out). */
export function changedFields(
  previous: Record<string, unknown> | undefined,
  next: Record<string, unknown>,
): Record<string, unknown> {
  const ignored = new Set(['updatedAt', 'createdAt'])
  const changed: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(next)) {
    if (ignored.has(key)) continue
    if (JSON.stringify(previous?.[key]) !== JSON.stringify(value)) changed[key] = value
  }
  return changed
}

type AuditedOperation = 'create' | 'update' | 'delete'

/** `req.context` key: the version a restore writes back (collections/versioning.ts sets it). */
export const RESTORED_VERSION = 'restoredVersionId'

/**
 * Audit hooks for a collection: `<prefix>.create|update|delete` with the changed data, or the
 * documented names (`names.create: 'services.media.upload'`). An operation that means
 * something more specific (a duplicate) sets `req.context.auditAction`; one that writes its
 * own entry sets `req.context.skipAudit`. A restore of an earlier version is `<prefix>.restore` naming the version.
 */
export function auditHooks(
  prefix: DocumentPrefix,
  names: Partial<Record<AuditedOperation, AuditAction>> = {},
): { afterChange: CollectionAfterChangeHook; afterDelete: CollectionAfterDeleteHook } {
  const nameOf = (operation: AuditedOperation): AuditAction => names[operation] ?? `${prefix}.${operation}`
  return {
    afterChange: async ({ collection, context, doc, operation, previousDoc, req }) => {
      if (context.skipAudit) return doc
      const restored = context.isRestoringVersion ? context[RESTORED_VERSION] : undefined
      if (typeof restored === 'string') {
        const action = `${prefix}.restore` as AuditAction
        const entry = { action, targetType: collection.slug, targetId: String(doc.id), data: { versionId: restored } }
        await writeAudit<AuditAction>(req, entry)
        return doc
      }
      const action = (context.auditAction as AuditAction | undefined) ?? nameOf(operation)
      const data = operation === 'create' ? doc : changedFields(previousDoc, doc)
      await writeAudit<AuditAction>(req, { action, targetType: collection.slug, targetId: String(doc.id), data })
      return doc
    },
    afterDelete: async ({ collection, context, doc, id, req }) => {
      if (context.skipAudit) return doc
      await writeAudit<AuditAction>(req, {
        action: nameOf('delete'),
        targetType: collection.slug,
        targetId: String(id),
        data: { deleted: doc },
      })
      return doc
    },
  }
}
