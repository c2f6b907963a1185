// Scheduled publishing (docs/api.md "Scheduled publishing"): a schedule is a job of Payload's `schedulePublish` task
// waiting until its moment, the one the panel's schedule makes too. Every instance runs the due ones; a job is
// claimed in the transaction that publishes, so it publishes once however many instances run it.
import { createLocalReq, type Payload, type PayloadRequest, type SanitizedConfig, type TaskConfig } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import type { BackgroundWorker } from '../../lib/background-workers'
import { apiError } from '../../lib/http/errors'
import { type PollingLoop, startPollingLoop } from '../../lib/polling-loop'
import { settings } from '../../lib/settings'
import { execute, sql } from '../../lib/sql'
import { inTransaction } from '../../lib/transaction'
import { catalogueTransaction } from '../catalogue/transaction'
import { SCHEDULE_PUBLISH_TASK, waitingSchedules } from '../versions/schedules'
import { getPost, movePost, type PostView } from './admin-posts'

/** The queue the panel's schedules wait in (Payload's default), and ours with them. */
const SCHEDULE_QUEUE = 'default'
const BLOG_POSTS = 'blog-posts'
/** At most this far ahead. */
export const MAX_SCHEDULE_DAYS = 366

interface ScheduleInput {
  type?: 'publish' | 'unpublish'
  doc?: { relationTo: string; value: string }
  user?: { relationTo: string; value: string } | null
}

/** A moment the API accepts: in the future and at most 366 days ahead (400 `invalid_request` otherwise). */
export function checkPublishAt(publishAt: string, now = new Date()): Date {
  const at = new Date(publishAt)
  const latest = now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000
  if (at.getTime() <= now.getTime() || at.getTime() > latest)
    throw apiError('invalid_request', `publishAt must be in the future and at most ${MAX_SCHEDULE_DAYS} days ahead`, {
      issues: [{ path: 'publishAt', message: `A moment in the next ${MAX_SCHEDULE_DAYS} days` }],
    })
  return at
}

async function lockPost(req: PayloadRequest, id: string): Promise<void> {
  // The post's row lock: two schedules of one post never both stay.
  await execute(req, sql`SELECT id FROM blog_posts WHERE id = ${id} FOR UPDATE`)
}

async function dropSchedules(req: PayloadRequest, id: string): Promise<string | null> {
  const rows = await execute(
    req,
    sql`DELETE FROM payload_jobs WHERE ${waitingSchedules(BLOG_POSTS)} AND input->'doc'->>'value' = ${id} RETURNING wait_until`,
  )
  const times = rows.map((row) => new Date(row.wait_until as string).toISOString()).sort()
  return times[0] ?? null
}

/** `schedule`: the post (with its latest draft) is published at `publishAt`; a schedule it had is replaced. */
export function schedulePost(req: PayloadRequest, id: string, publishAt: string): Promise<{ post: PostView }> {
  return catalogueTransaction(req, async () => {
    const at = checkPublishAt(publishAt)
    await getPost(req, id)
    await lockPost(req, id)
    const previous = await dropSchedules(req, id)
    const input: ScheduleInput = {
      type: 'publish',
      doc: { relationTo: BLOG_POSTS, value: id },
      user: req.user ? { relationTo: req.user.collection, value: String(req.user.id) } : null,
    }
    await req.payload.jobs.queue({
      task: SCHEDULE_PUBLISH_TASK as never,
      input: input as never,
      queue: SCHEDULE_QUEUE,
      waitUntil: at,
      req,
    })
    await writeAudit(req, {
      action: 'blog_post.schedule',
      targetType: BLOG_POSTS,
      targetId: id,
      data: { publishAt: at.toISOString(), previous },
    })
    return getPost(req, id)
  })
}

/** `unschedule`: the waiting schedule goes (none: nothing changes, 200 all the same). */
export function unschedulePost(req: PayloadRequest, id: string): Promise<{ post: PostView }> {
  return catalogueTransaction(req, async () => {
    await getPost(req, id)
    await lockPost(req, id)
    const previous = await dropSchedules(req, id)
    if (previous)
      await writeAudit(req, {
        action: 'blog_post.unschedule',
        targetType: BLOG_POSTS,
        targetId: id,
        data: { previous },
      })
    return getPost(req, id)
  })
}

/** The scheduling user, for the entry and the access checks of what the job publishes. */
async function schedulerOf(payload: Payload, input: ScheduleInput) {
  if (!input.user?.value) return null
  const user = await payload.findByID({
    collection: input.user.relationTo as never,
    id: input.user.value,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
  })
  return user ? { ...(user as object), collection: input.user.relationTo } : null
}

// A job is claimed by the statement that ends it, in the publishing transaction: another instance's claim waits
// for that transaction and then finds nothing. Our rounds remove the job; Payload's runner, should anything run
// it, keeps the row to record the run itself, so its claim only marks it done.
const CLAIMS = {
  remove: (jobId: string) => sql`DELETE FROM payload_jobs WHERE id = ${jobId} AND completed_at IS NULL RETURNING id`,
  complete: (jobId: string) =>
    sql`UPDATE payload_jobs SET completed_at = now() WHERE id = ${jobId} AND completed_at IS NULL RETURNING id`,
}

/**
 * One scheduled job, claimed and done in one transaction: a blog post is published by the admin API's publish
 * (its status, `publishedAt`, audit with `scheduled: true`); another document has its latest draft published, as
 * Payload's task does. A job another instance has claimed is left alone.
 */
export async function runScheduledJob(
  payload: Payload,
  jobId: string,
  input: ScheduleInput,
  claim: keyof typeof CLAIMS = 'remove',
): Promise<boolean> {
  const user = await schedulerOf(payload, input)
  const req = await createLocalReq({ user: user as never }, payload)
  return inTransaction(req, async () => {
    const claimed = await execute(req, CLAIMS[claim](jobId))
    if (claimed.length === 0 || !input.doc) return false
    const { relationTo, value: id } = input.doc
    const publish = (input.type ?? 'publish') === 'publish'
    if (relationTo === BLOG_POSTS && publish) {
      const [post] = await execute(req, sql`SELECT id FROM blog_posts WHERE id = ${id} FOR UPDATE`)
      if (post) await movePost(req, id, 'publish', { scheduled: true })
      return Boolean(post)
    }
    await payload.update({
      collection: relationTo as never,
      id,
      data: { _status: publish ? 'published' : 'draft' } as never,
      depth: 0,
      overrideAccess: user === null,
      user: user as never,
      req,
    })
    return true
  })
}

/**
 * Payload's `schedulePublish` task, run as `runScheduledJob` (the panel's schedules and ours alike). Changed in
 * place in the running instance's config, which Payload completes with the task while it sanitizes.
 */
export function takeOverScheduledPublishing(config: SanitizedConfig): void {
  const task = config.jobs?.tasks?.find((candidate) => candidate.slug === SCHEDULE_PUBLISH_TASK) as
    TaskConfig | undefined
  if (!task) return
  task.handler = async ({ input, job, req }) => {
    await runScheduledJob(req.payload, String(job.id), input as ScheduleInput, 'complete')
    return { output: {} }
  }
}

/** Due schedules taken per round. */
const ROUND = 20

/**
 * One round: the due schedules of this database, whichever instance or panel made them. Not Payload's runner: two
 * runners on one job both update its row and one fails on the other's removal.
 */
export async function runDueSchedules(payload: Payload): Promise<number> {
  const req = await createLocalReq({}, payload)
  const due = await execute(
    req,
    sql`SELECT id, input FROM payload_jobs WHERE task_slug = ${SCHEDULE_PUBLISH_TASK} AND completed_at IS NULL
      AND NOT coalesce(has_error, false) AND wait_until <= now() ORDER BY wait_until LIMIT ${ROUND}`,
  )
  let done = 0
  for (const job of due) {
    try {
      if (await runScheduledJob(payload, String(job.id), job.input as ScheduleInput)) done++
    } catch (err) {
      // A publication that fails (the draft no longer validates) is kept, marked, and not tried every round.
      payload.logger.error({ err, msg: `scheduled publishing: job ${String(job.id)} failed` })
      const message = JSON.stringify({ message: err instanceof Error ? err.message : String(err) })
      await execute(req, sql`UPDATE payload_jobs SET has_error = true, error = ${message}::jsonb WHERE id = ${job.id}`)
    }
  }
  return done
}

const loops = new WeakMap<Payload, PollingLoop>()

export const scheduledPublishing: BackgroundWorker = {
  start: (payload) => {
    if (loops.has(payload)) return
    const loop = startPollingLoop({
      intervalMs: settings().content.scheduledPublishSeconds * 1000,
      round: async () => {
        await runDueSchedules(payload)
      },
      onOutage: (err) => payload.logger.warn({ err, msg: 'scheduled publishing: round failed; retrying' }),
    })
    loops.set(payload, loop)
  },
  stop: async (payload) => {
    const loop = loops.get(payload)
    loops.delete(payload)
    await loop?.stop()
  },
}
