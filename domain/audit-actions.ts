// Every audit action the platform writes, each with the schema of its `data` as stored in
// audit_logs (JSON: dates as ISO strings). hooks/shared/audit.ts `writeAudit` accepts only
// these actions with their data; the tests check every row they leave against the schemas.
import { z } from 'zod'

const id = z.string()
const nullableId = z.string().nullable()
const timestamp = z.string()
/** A document as a collection hook saw it, or the fields a change touched (changedFields). */
const fields = z.record(z.string(), z.unknown())
const nothing = z.object({})

/** `<prefix>.create|update|delete` of a collection's audit hooks (hooks/shared/audit.ts `auditHooks`). */
function documentActions<const P extends string>(prefix: P) {
  return {
    [`${prefix}.create`]: fields,
    [`${prefix}.update`]: fields,
    [`${prefix}.delete`]: z.object({ deleted: fields }),
  } as { [K in `${P}.create` | `${P}.update`]: typeof fields } & {
    [K in `${P}.delete`]: z.ZodObject<{ deleted: typeof fields }>
  }
}

/** `<prefix>.restore`: an earlier version written back (hooks/shared/audit.ts), naming the version restored. */
function restoreAction<const P extends string>(prefix: P) {
  return { [`${prefix}.restore`]: z.object({ versionId: id }) } as {
    [K in `${P}.restore`]: z.ZodObject<{ versionId: typeof id }>
  }
}

const session = z.object({ sessionId: id })
const sessions = z.object({ sessionIds: z.array(id) })
const email = z.object({ email: z.string() })
const invitation = z.object({ organizationId: id, email: z.string(), role: z.string() })
const decision = z.object({ postType: z.string(), reason: z.string(), authorId: nullableId, timestamp })
const approval = z.object({ postType: z.string(), reason: z.string().nullable(), authorId: nullableId, timestamp })
const appealDecision = z.object({
  appealId: id,
  reason: z.string(),
  restoredStatus: z.string().nullish(),
  authorId: nullableId,
})
const webhook = z.object({
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  active: z.boolean(),
})
const statusMove = z.looseObject({ from: z.string().optional(), to: z.string().optional() })
const postMove = z.object({ from: z.unknown(), to: z.string() })

export const AUDIT_ACTIONS = {
  // Sign-in, sessions and accounts.
  login_success: session,
  login_failed: z.object({ email: z.string(), reason: z.string() }),
  logout: session,
  password_reset_requested: email,
  password_reset: nothing,
  email_verified: email,
  'session.revoked': sessions,
  'sessions.revoked_others': sessions,
  'sessions.revoked_all': sessions,
  'user.sign_up': z.object({ email: z.string(), username: z.string().nullish() }),
  'user.first_admin': email,
  'user.profile_updated': fields,
  'notification_settings.update': z.object({ settings: fields }),
  'notification_settings.unsubscribe': z.object({ settings: fields }),
  // `sessionId`: the session issued in place of those revoked, so every session has an audited origin.
  'user.password_changed': z.object({
    revokeOtherSessions: z.boolean(),
    sessionsRevoked: z.int(),
    sessionId: z.string().optional(),
  }),
  'user.email_change_requested': z.object({ email: z.string(), newEmail: z.string() }),
  'user.email_changed': email,
  'user.deleted': z.object({ email: z.string(), by: z.literal('self') }),
  'user.ban_expired': z.object({ banReason: z.string().nullable(), banExpires: timestamp.nullable() }),
  ...documentActions('user'),

  // Administration of users.
  'admin.set_role': z.object({ roles: z.array(z.string()), previous: z.unknown() }),
  'admin.ban_user': z.object({
    banReason: z.string().nullish(),
    banExpires: timestamp.nullable(),
    sessionsRevoked: z.int(),
  }),
  'admin.unban_user': nothing,
  'user.approve': z.object({ email: z.string() }),
  'admin.revoke_user_session': z.object({ userId: nullableId }),
  'admin.revoke_user_sessions': sessions,
  'admin.create_user': z.object({ email: z.string(), roles: z.array(z.string()) }),
  'admin.update_user': fields,
  'admin.remove_user': email,
  'admin.set_user_password': nothing,

  // Organizations, their members and invitations (the operations' entries and the collections' own).
  ...documentActions('organization'),
  // The operations' own entry names the organization (its documents are untyped: unknown).
  'organization.delete': z.union([z.object({ deleted: fields }), z.object({ name: z.unknown(), slug: z.unknown() })]),
  'organization.set_active': z.object({ sessionId: id, organizationId: nullableId }),
  'organization.member_role_updated': z.object({ memberId: id, userId: id, role: z.string(), previous: z.string() }),
  'organization.add_member': z.object({ userId: id, role: z.string() }),
  'organization.set_role': z.object({ userId: id, role: z.string(), previous: z.string() }),
  'organization.remove_member': z.object({ userId: id, role: z.string() }),
  'organization.member_removed': z.object({ memberId: id, userId: id, role: z.string() }),
  'organization.member_left': z.object({ memberId: id, userId: id, role: z.string() }),
  'organization.invitation_sent': invitation,
  'organization.invitation_resent': invitation,
  'organization.invitation_accepted': invitation,
  'organization.invitation_rejected': invitation,
  'organization.invitation_canceled': invitation,
  ...documentActions('membership'),
  ...documentActions('invitation'),

  // Profiles.
  'profile.update': fields,
  'profile.export': nothing,

  // Catalogue.
  ...documentActions('service'),
  ...restoreAction('service'),
  'service.duplicate': fields,
  ...documentActions('service_category'),
  ...restoreAction('service_category'),
  ...documentActions('service_availability'),
  'service_availability.bulk_set': z.object({ previous: z.array(fields), slots: z.array(fields) }),
  'service_availability.exception_create': fields,
  'service_availability.exception_update': fields,
  'service_availability.exception_delete': z.object({ deleted: fields }),
  'translation.confirm': z.object({
    type: z.enum(['service', 'category']),
    lang: z.string(),
    texts: z.array(z.string()),
  }),
  'services.media.upload': fields,
  ...documentActions('services.media'),

  // Bookings: the create (the public booking's one statement writes it too), moves and edits.
  ...documentActions('booking'),
  'booking.confirm': statusMove,
  'booking.cancel': statusMove,
  'booking.cancel_by_customer': z.object({
    from: z.string(),
    to: z.string(),
    cancellationReason: z.string().nullable(),
  }),
  'booking.reschedule': z.object({
    from: z.object({ bookingDate: z.string(), bookingTime: z.string() }),
    to: z.object({ bookingDate: z.string(), bookingTime: z.string() }),
    status: z.object({ from: z.string(), to: z.string() }).optional(),
  }),
  'booking.complete': statusMove,
  'booking.no_show': statusMove,
  'booking.respond': statusMove,
  'booking.reminder': z.object({ bookingDate: z.string(), bookingTime: z.string() }),
  'booking.hold': z.object({
    serviceId: z.string(),
    bookingDate: z.string(),
    bookingTime: z.string(),
    participants: z.number(),
    expiresAt: z.string(),
  }),
  'booking.hold_release': z.object({ serviceId: z.string(), bookingDate: z.string(), bookingTime: z.string() }),
  'booking.waitlist_join': z.object({
    serviceId: z.string(),
    bookingDate: z.string(),
    bookingTime: z.string(),
    participants: z.number(),
  }),
  'booking.waitlist_leave': z.object({ from: z.enum(['waiting', 'offered']), holdReleased: z.boolean() }),
  'booking.waitlist_offer': z.object({ holdId: z.string(), customerId: z.string(), expiresAt: z.string() }),
  'booking.waitlist_expire': z.object({
    from: z.enum(['waiting', 'offered']),
    to: z.enum(['expired', 'cancelled']),
    reason: z.enum(['offer_ran_out', 'hold_released', 'start_passed']),
  }),

  // Blog.
  ...documentActions('blog_post'),
  ...restoreAction('blog_post'),
  'blog_post.delete': z.union([
    z.object({ deleted: fields }),
    z.object({ slug: z.unknown(), title: z.unknown(), commentsRemoved: z.int() }),
  ]),
  'blog_post.publish': z.object({ from: z.unknown(), to: z.string(), scheduled: z.literal(true).optional() }),
  'blog_post.unpublish': postMove,
  'blog_post.schedule': z.object({ publishAt: timestamp, previous: timestamp.nullable() }),
  'blog_post.unschedule': z.object({ previous: timestamp }),
  'blog_post.archive': postMove,
  ...documentActions('blog_comment'),

  // Community content.
  ...documentActions('article'),
  ...restoreAction('article'),
  ...documentActions('classified'),
  ...restoreAction('classified'),
  'classified.expire': z.object({ status: z.literal('expired'), timestamp }),
  ...documentActions('comment'),
  ...restoreAction('comment'),
  ...documentActions('event'),
  ...restoreAction('event'),
  ...documentActions('forum_post'),
  ...restoreAction('forum_post'),
  ...documentActions('forum_thread'),
  ...restoreAction('forum_thread'),
  ...documentActions('gallery'),
  ...restoreAction('gallery'),
  ...documentActions('group'),
  ...restoreAction('group'),
  ...documentActions('place'),
  ...restoreAction('place'),
  ...documentActions('product'),
  ...restoreAction('product'),
  ...documentActions('review'),
  ...restoreAction('review'),
  'community.media.upload': fields,
  ...documentActions('community.media'),

  // Moderation, approval, reports and appeals.
  content_moderated: decision,
  content_approved: approval,
  content_rejected: approval,
  content_reported: z.object({ reportId: id, postType: z.string(), reason: z.string(), authorId: nullableId }),
  reports_dismissed: z.object({
    postType: z.string(),
    reason: z.string(),
    reports: z.int(),
    decisionId: id,
    timestamp,
  }),
  appeal_filed: z.object({ appealId: id, decisionId: id }),
  appeal_reversed: appealDecision,
  appeal_upheld: appealDecision,
  transparency_report_published: z.object({ from: z.string(), to: z.string() }),
  ...documentActions('watched_word'),
  'moderation_settings.update': z.object({ settings: fields, previous: fields }),

  // Sign-up screening.
  ...documentActions('screening'),

  // Webhooks.
  'webhook.create': webhook,
  'webhook.update': webhook,
  'webhook.delete': webhook,
  'webhook.rotate_secret': z.object({ previousSecretUntil: timestamp }),
  'webhook.test': z.object({ deliveryId: id }),
  'webhook.redeliver': z.object({ deliveryId: id, newDeliveryId: id, event: z.string(), messageId: z.string() }),
  'webhook.disabled': z.object({ url: z.string(), reason: z.string() }),
} satisfies Record<string, z.ZodType<Record<string, unknown>>>

export type AuditAction = keyof typeof AUDIT_ACTIONS
/** The `data` an action's entry carries, as its writer passes it. */
export type AuditData<A extends AuditAction> = z.input<(typeof AUDIT_ACTIONS)[A]>

/** The actions whose names end a prefix: `admin.${ActionsAfter<'admin.'>}` is a declared action. */
export type ActionsAfter<P extends string> = AuditAction extends infer A
  ? A extends `${P}${infer S}`
    ? S
    : never
  : never

type ActionsBefore<S extends string> = AuditAction extends infer A ? (A extends `${infer P}${S}` ? P : never) : never
/** A prefix whose create, update and delete are all declared: what `auditHooks` may be given. */
export type DocumentPrefix = ActionsBefore<'.create'> & ActionsBefore<'.update'> & ActionsBefore<'.delete'>

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action)

/** Why a stored entry does not match its action's schema, or null when it does. */
export function auditEntryProblem(action: string, data: unknown): string | null {
  if (!isAuditAction(action)) return `undeclared action ${action}`
  const result = (AUDIT_ACTIONS[action] as z.ZodType).safeParse(data)
  if (result.success) return null
  return `${action}: ${result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`
}
