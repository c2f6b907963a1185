// The one way the application sends mail: a job in the caller's transaction, so the mail exists exactly when
// the change it reports was committed and an SMTP outage costs a delay, never the mail; one prepared INSERT
// of the row Payload's `jobs.queue()` would write, without its read-back.
import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../prepared'
import { afterCommit } from '../transaction'
import { wakeMailRunner } from './runner'
import { seal } from './seal'
import { MAIL_QUEUE, type OutgoingMail, SEND_MAIL_TASK } from './send-mail-task'

export const QUEUE_MAIL = statement(
  'queue-mail',
  'INSERT INTO payload_jobs (input, task_slug, queue, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
)

/**
 * The payload_jobs row of `mail` (sealed), column by column (also for the booking's one-statement write, which then
 * calls `wakeMailAfterCommit`).
 */
export function mailJobRow(req: PayloadRequest, mail: OutgoingMail) {
  const at = new Date().toISOString()
  return {
    input: { sealed: seal(req.payload.secret, mail) },
    task_slug: SEND_MAIL_TASK,
    queue: MAIL_QUEUE,
    created_at: at,
    updated_at: at,
  }
}

/** Wakes the mail runner once the transaction `req` is in has committed: the job is invisible to it before. */
export function wakeMailAfterCommit(req: PayloadRequest): void {
  const { payload } = req
  afterCommit(req, () => wakeMailRunner(payload))
}

export async function queueMail(req: PayloadRequest, mail: OutgoingMail): Promise<void> {
  const row = mailJobRow(req, mail)
  await runIn(req, QUEUE_MAIL, [row.input, row.task_slug, row.queue, row.created_at])
  wakeMailAfterCommit(req)
}
