// One batch of the mail queue under the runner's lock (docs/decisions.md "Mail is sent in batches over
// Payload's job rows"): due jobs read in one statement, outcomes recorded in one, following Payload
// 3.90.2's rules over the same payload_jobs rows (due, backoff, has_error, deleted when sent), because
// Payload's runner cost more CPU per mail than the booking that queued it.
import { randomBytes } from 'node:crypto'

import { createLocalReq, type Payload, type TaskConfig } from 'payload'

import { type Connection, runOn, statement } from '../prepared'
import { MAIL_QUEUE, SEND_MAIL_TASK } from './send-mail-task'

/** The task's one step: Payload names a single-task job's step '1' (runJobs' singleTask workflow). */
const TASK_ID = '1'

const DUE = statement(
  'mail-due',
  `SELECT j.id, j.input, coalesce(j.total_tried, 0)::int AS total_tried, l.failures, l.sent
   FROM payload_jobs j
   CROSS JOIN LATERAL (
     SELECT count(*) FILTER (WHERE state = 'failed')::int AS failures, coalesce(bool_or(state = 'succeeded'), false) AS sent
     FROM payload_jobs_log WHERE _parent_id = j.id AND task_slug::text = $2::text AND task_i_d = '${TASK_ID}'
   ) l
   WHERE j.queue = $1 AND j.task_slug::text = $2::text AND j.completed_at IS NULL AND NOT coalesce(j.has_error, false)
     AND (j.wait_until IS NULL OR j.wait_until < $3)
   ORDER BY j.created_at LIMIT $4`,
)

// The batch's outcomes ($1–$8, one element per job) at $9: the sent deleted (their log rows
// go with them, ON DELETE CASCADE), the failed updated and logged.
const RECORD = statement(
  'mail-record',
  `WITH o AS (
     SELECT * FROM unnest($1::uuid[], $2::boolean[], $3::jsonb[], $4::boolean[], $5::timestamptz[], $6::timestamptz[], $7::varchar[], $8::int[])
       AS o(id, sent, error, final, wait_until, executed_at, log_id, log_order)
   ), sent AS (
     DELETE FROM payload_jobs j USING o WHERE j.id = o.id AND o.sent
   ), failed AS (
     UPDATE payload_jobs j SET total_tried = coalesce(j.total_tried, 0) + 1, processing = false, updated_at = $9,
       has_error = o.final, error = CASE WHEN o.final THEN o.error ELSE j.error END, wait_until = coalesce(o.wait_until, j.wait_until)
     FROM o WHERE j.id = o.id AND NOT o.sent
   )
   INSERT INTO payload_jobs_log (_order, _parent_id, id, executed_at, completed_at, task_slug, task_i_d, input, output, state, error)
   SELECT o.log_order, o.id, o.log_id, o.executed_at, $9, $10::text::enum_payload_jobs_log_task_slug, '${TASK_ID}', j.input, '{}'::jsonb, 'failed', o.error
   FROM o JOIN payload_jobs j ON j.id = o.id WHERE NOT o.sent`,
)

interface Due {
  id: string
  input: unknown
  total_tried: number
  failures: number
  sent: boolean
}

interface Outcome {
  job: Due
  executedAt: Date
  /** Undefined: sent (or dropped by its condition). */
  error?: { name: string; cancelled: false; message: string; stack?: string }
}

type Retries = { attempts?: number; backoff?: { type: 'exponential' | 'fixed'; delay?: number } }

function sendMailTask(
  payload: Payload,
): TaskConfig & { handler: (args: unknown) => Promise<unknown>; retries?: Retries | number } {
  const task = payload.config.jobs.tasks?.find((candidate) => candidate.slug === SEND_MAIL_TASK)
  if (!task || typeof task.handler !== 'function')
    throw new Error(`mail queue: the ${SEND_MAIL_TASK} task is not registered`)
  return task as ReturnType<typeof sendMailTask>
}

/**
 * When a job that failed after `failuresBefore` earlier failures is tried next (Payload's calculateBackoffWaitUntil).
 */
function nextTry(retries: Retries, failuresBefore: number, now: Date): Date {
  const delay = retries.backoff?.delay ?? 0
  if (retries.backoff?.type === 'exponential') return new Date(now.getTime() + 2 ** failuresBefore * delay)
  return new Date(now.getTime() + (retries.backoff?.type === 'fixed' ? delay : 0))
}

const logId = () => randomBytes(12).toString('hex') // the shape of Payload's ObjectId log ids

/**
 * Sends up to `limit` due mail jobs on `connection` (the runner's, holding the lock) and records
 * the outcomes; returns how many were due (a full batch: run another).
 */
export async function sendMailBatch(payload: Payload, connection: Connection, limit: number): Promise<number> {
  const now = new Date()
  const { rows: due } = await runOn<Due>(connection, DUE, [MAIL_QUEUE, SEND_MAIL_TASK, now, limit])
  if (due.length === 0) return 0
  const task = sendMailTask(payload)
  const req = await createLocalReq({}, payload)
  const outcomes = await Promise.all(
    due.map(async (job): Promise<Outcome> => {
      const executedAt = new Date()
      if (job.sent) return { job, executedAt }
      try {
        await task.handler({ input: job.input, job, req, inlineTask: undefined, tasks: undefined })
        return { job, executedAt }
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err))
        return {
          job,
          executedAt,
          error: {
            name: error.name,
            cancelled: false,
            message: error.message || 'Task handler threw an error',
            stack: error.stack,
          },
        }
      }
    }),
  )
  // A number is the attempts alone, as Payload reads it (getRunTaskFunction).
  await record(
    payload,
    connection,
    outcomes,
    typeof task.retries === 'number' ? { attempts: task.retries } : (task.retries ?? {}),
  )
  return due.length
}

async function record(payload: Payload, connection: Connection, outcomes: Outcome[], retries: Retries): Promise<void> {
  const now = new Date()
  const attempts = retries.attempts ?? 0
  const rows = outcomes.map(({ job, executedAt, error }) => {
    if (!error) return { job, sent: true, error: null, final: false, waitUntil: null, executedAt }
    const final = job.failures >= attempts
    const tried = job.total_tried + 1
    // Payload's wording (handleTaskError), which operators' log searches may know.
    const what = `Error running task ${SEND_MAIL_TASK} (mail job ${job.id}). Attempt ${tried}`
    payload.logger.error({
      err: error,
      msg: final ? `${what} - max retries reached; the job is kept, failed` : `${what}/${attempts + 1}`,
    })
    return { job, sent: false, error, final, waitUntil: final ? null : nextTry(retries, job.failures, now), executedAt }
  })
  await runOn(connection, RECORD, [
    rows.map((row) => row.job.id),
    rows.map((row) => row.sent),
    rows.map((row) => (row.error ? JSON.stringify(row.error) : null)),
    rows.map((row) => row.final),
    rows.map((row) => row.waitUntil),
    rows.map((row) => row.executedAt),
    rows.map(() => logId()),
    rows.map((row) => row.job.failures + 1),
    now,
    SEND_MAIL_TASK,
  ])
}
